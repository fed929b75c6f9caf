import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
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
const ContestPreviewPage = lazyPage(
  () => import('#web/features/contest-entry/pages/contest-preview-page.tsx'),
  'ContestPreviewPage',
);
const ConfirmEntryPage = lazyPage(
  () => import('#web/features/contest-entry/pages/confirm-entry-page.tsx'),
  'ConfirmEntryPage',
);
const EntryStatusPage = lazyPage(
  () => import('#web/features/contest-entry/pages/entry-status-page.tsx'),
  'EntryStatusPage',
);
const DrawRecordPage = lazyPage(
  () => import('#web/features/draw-record/pages/draw-record-page.tsx'),
  'DrawRecordPage',
);
const ContestBuilderPage = lazyPage(
  () => import('#web/features/contests/pages/contest-builder-page.tsx'),
  'ContestBuilderPage',
);
const ContestEditPage = lazyPage(
  () => import('#web/features/contests/pages/contest-edit-page.tsx'),
  'ContestEditPage',
);
const AccountBrandPage = lazyPage(
  () => import('#web/features/account/pages/account-brand-page.tsx'),
  'AccountBrandPage',
);
const DashboardPage = lazyPage(
  () => import('#web/features/contests/pages/dashboard-page.tsx'),
  'DashboardPage',
);
const AdminPanelPage = lazyPage(
  () => import('#web/features/admin/pages/admin-panel-page.tsx'),
  'AdminPanelPage',
);
const SampleStatsPage = lazyPage(
  () => import('#web/features/admin/pages/sample-stats-page.tsx'),
  'SampleStatsPage',
);
const AdminUsersPage = lazyPage(
  () => import('#web/features/admin/pages/admin-users-page.tsx'),
  'AdminUsersPage',
);
const AdminLoginPage = lazyPage(
  () => import('#web/features/admin/pages/admin-login-page.tsx'),
  'AdminLoginPage',
);
const AccessSwitchesPage = lazyPage(
  () => import('#web/features/admin/pages/access-switches-page.tsx'),
  'AccessSwitchesPage',
);
const AdminVerifyEmailPage = lazyPage(
  () => import('#web/features/admin/pages/admin-verify-email-page.tsx'),
  'AdminVerifyEmailPage',
);
const EmailDebugPage = lazyPage(
  () => import('#web/features/admin/pages/email-debug-page.tsx'),
  'EmailDebugPage',
);
const AdminPasswordResetPage = lazyPage(
  () => import('#web/features/admin/pages/admin-password-reset-page.tsx'),
  'AdminPasswordResetPage',
);
const EmergencyAccessPage = lazyPage(
  () => import('#web/features/admin/pages/emergency-access-page.tsx'),
  'EmergencyAccessPage',
);
const DatabasePasswordResetPage = lazyPage(
  () => import('#web/features/admin/pages/database-password-reset-page.tsx'),
  'DatabasePasswordResetPage',
);
const DatabaseInspectorPage = lazyPage(
  () => import('#web/features/admin/pages/database-inspector-page.tsx'),
  'DatabaseInspectorPage',
);
const VerifyEmailOutcomePage = lazyPage(
  () => import('#web/features/admin/pages/verify-email-outcome-page.tsx'),
  'VerifyEmailOutcomePage',
);
const MyEntriesPage = lazyPage(
  () => import('#web/features/me/pages/my-entries-page.tsx'),
  'MyEntriesPage',
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
        <Route path="/entries/confirm" component={ConfirmEntryPage} />
        <Route path="/me" component={MyEntriesPage} />
        <Route path="/c/:contestId/draw" component={DrawRecordPage} />
        <Route path="/c/:contestId/status/:entryId" component={EntryStatusPage} />
        <Route path="/c/:contestId/preview" component={ContestPreviewPage} />
        <Route path="/c/:contestId" component={ContestEntryPage} />
        <Route path="/contest-builder" component={ContestBuilderPage} />
        <Route path="/contest-edit/:id" component={ContestEditPage} />
        <Route path="/dashboard/:contestId" component={DashboardPage} />
        <Route path="/account/brand" component={AccountBrandPage} />
        <Route path="/admin" component={AdminPanelPage} />
        <Route path="/admin-test" component={SampleStatsPage} />
        <Route path="/admin-users" component={AdminUsersPage} />
        <Route path="/quick-admin" component={AdminLoginPage} />
        <Route path="/working-admin" component={AccessSwitchesPage} />
        <Route path="/admin-verify-email" component={AdminVerifyEmailPage} />
        <Route path="/email-debug" component={EmailDebugPage} />
        <Route path="/admin-password-reset" component={AdminPasswordResetPage} />
        <Route path="/emergency-access" component={EmergencyAccessPage} />
        <Route path="/database-reset" component={DatabasePasswordResetPage} />
        <Route path="/database-inspector" component={DatabaseInspectorPage} />
        <Route path="/admin-verify-production" component={VerifyEmailOutcomePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
