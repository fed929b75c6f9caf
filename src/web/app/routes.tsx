import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ComingSoon } from '#web/components/layout/coming-soon.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { lazyPage } from './lazy-page.ts';

const LandingPage = lazyPage(
  () => import('#web/features/landing/pages/landing-page.tsx'),
  'LandingPage',
);
const SignedInHome = lazyPage(
  () => import('#web/features/home/pages/signed-in-home.tsx'),
  'SignedInHome',
);
const LoginPage = lazyPage(() => import('#web/features/auth/pages/login-page.tsx'), 'LoginPage');
const SignupPage = lazyPage(() => import('#web/features/auth/pages/signup-page.tsx'), 'SignupPage');
const ForgotPasswordPage = lazyPage(
  () => import('#web/features/auth/pages/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('#web/features/auth/pages/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const ManualResetPage = lazyPage(
  () => import('#web/features/auth/pages/manual-reset-page.tsx'),
  'ManualResetPage',
);
const VerifyEmailPage = lazyPage(
  () => import('#web/features/auth/pages/verify-email-page.tsx'),
  'VerifyEmailPage',
);
const ContestEntryPage = lazyPage(
  () => import('#web/features/contest-entry/pages/contest-entry-page.tsx'),
  'ContestEntryPage',
);
const ContestBuilderPage = lazyPage(
  () => import('#web/features/contests/pages/contest-builder-page.tsx'),
  'ContestBuilderPage',
);
const ContestEditPage = lazyPage(
  () => import('#web/features/contests/pages/contest-edit-page.tsx'),
  'ContestEditPage',
);
const DashboardPage = lazyPage(
  () => import('#web/features/contests/pages/dashboard-page.tsx'),
  'DashboardPage',
);
const NotFoundPage = lazyPage(
  () => import('#web/features/not-found/pages/not-found-page.tsx'),
  'NotFoundPage',
);

/** Root: the landing page while the session loads or for visitors; the contests when signed in. */
function HomeRoute() {
  const { data: user } = useCurrentUser();
  return user ? <SignedInHome user={user} /> : <LandingPage />;
}

/** Screens of the specification that later releases fill in. */
const upcomingScreens: [path: string, screen: string][] = [
  ['/admin', 'Admin Panel'],
  ['/admin-test', 'Admin test'],
  ['/admin-users', 'User Management'],
  ['/quick-admin', 'Admin login'],
  ['/working-admin', 'Working admin'],
  ['/admin-verify-email', 'Admin email verification'],
  ['/email-debug', 'Email debug'],
  ['/admin-password-reset', 'Admin password reset'],
  ['/emergency-access', 'Emergency access'],
  ['/database-reset', 'Database reset'],
  ['/database-inspector', 'Database inspector'],
  ['/admin-verify-production', 'Production email verification'],
];

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/" component={HomeRoute} />
        <Route path="/login" component={LoginPage} />
        <Route path="/signup" component={SignupPage} />
        <Route path="/register" component={SignupPage} />
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/manual-reset" component={ManualResetPage} />
        <Route path="/verify-email" component={VerifyEmailPage} />
        <Route path="/c/:contestId" component={ContestEntryPage} />
        <Route path="/contest-builder" component={ContestBuilderPage} />
        <Route path="/contest-edit/:id" component={ContestEditPage} />
        <Route path="/dashboard/:contestId" component={DashboardPage} />
        {upcomingScreens.map(([path, screen]) => (
          <Route key={path} path={path}>
            <ComingSoon screen={screen} />
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
