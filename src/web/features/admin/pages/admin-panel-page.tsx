import { Database, House, KeyRound, MailCheck, Users } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '#shared/contracts/auth.ts';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { LogoutButton } from '#web/features/auth/components/logout-button.tsx';
import { useAdminStats } from '../api/get-admin-stats.ts';
import { AdminDeleteContest } from '../components/admin-delete-contest.tsx';
import { AdminGate } from '../components/admin-gate.tsx';
import { AdminStatCards } from '../components/admin-stat-cards.tsx';
import { ContestsPanel } from '../components/contests-panel.tsx';
import { DrawsPanel } from '../components/draws-panel.tsx';
import { LatestActionsCard } from '../components/latest-actions-card.tsx';
import { MailPanel } from '../components/mail-panel.tsx';
import { ToolLinks, type ToolLink } from '../components/tool-links.tsx';
import { UserAccessButtons } from '../components/user-access-buttons.tsx';
import { UsersPanel } from '../components/users-panel.tsx';
import { useUserAccess } from '../lib/use-user-access.ts';

const tools: ToolLink[] = [
  { href: '/admin-users', label: 'User Management', icon: Users },
  { href: '/database-inspector', label: 'Database Inspector', icon: Database },
  { href: '/database-reset', label: 'Password Reset', icon: KeyRound },
  { href: '/admin-verify-production', label: 'Email Verification', icon: MailCheck },
];

const tabOnPhone = 'basis-[45%] sm:basis-auto';

export function AdminPanelPage() {
  const [, navigate] = useLocation();
  // A visitor who is not signed in is told so and sent to sign in; a signed-in non-admin sees the
  // gate instead (docs/product.md#admin-screens).
  const sendToLogin = useCallback(() => {
    toast({
      title: 'Authentication Required',
      description: 'Please log in to access the admin panel',
      variant: 'destructive',
    });
    navigate('/login');
  }, [navigate]);
  return (
    <AdminGate loadingText="Loading admin dashboard..." onSignedOut={sendToLogin}>
      {(admin) => <AdminPanel admin={admin} />}
    </AdminGate>
  );
}

function AdminPanel({ admin }: { admin: CurrentUser }) {
  const stats = useAdminStats();
  const access = useUserAccess();
  return (
    <PageFrame
      width="max-w-6xl"
      back={null}
      title="Admin Panel"
      description={`Signed in as ${admin.email}`}
      headerActions={
        <>
          <Button asChild variant="outline" size="sm">
            <Link href="/">
              <House aria-hidden />
              <span className="sr-only sm:not-sr-only">Back to Home</span>
            </Link>
          </Button>
          <LogoutButton />
        </>
      }
    >
      <AdminStatCards stats={stats.data} isError={stats.isError} />

      <ToolLinks links={tools} label="Admin tools" look="tiles" className="mt-6" />

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Tabs defaultValue="users" className="min-w-0">
          {/* Four tabs do not fit a phone's row: two rows of two. */}
          <TabsList className="flex-wrap sm:flex-nowrap">
            <TabsTrigger value="users" className={tabOnPhone}>
              User Management
            </TabsTrigger>
            <TabsTrigger value="contests" className={tabOnPhone}>
              Contest Management
            </TabsTrigger>
            <TabsTrigger value="draws" className={tabOnPhone}>
              Draw History
            </TabsTrigger>
            <TabsTrigger value="mail" className={tabOnPhone}>
              Mail
            </TabsTrigger>
          </TabsList>
          <TabsContent value="users" className="mt-4">
            <UsersPanel
              renderActions={(user) => (
                <UserAccessButtons user={user} isSelf={user.id === admin.id} access={access} />
              )}
            />
          </TabsContent>
          <TabsContent value="contests" className="mt-4">
            <ContestsPanel renderActions={(contest) => <AdminDeleteContest contest={contest} />} />
          </TabsContent>
          <TabsContent value="draws" className="mt-4">
            <DrawsPanel />
          </TabsContent>
          <TabsContent value="mail" className="mt-4">
            <MailPanel />
          </TabsContent>
        </Tabs>
        <LatestActionsCard />
      </div>
    </PageFrame>
  );
}
