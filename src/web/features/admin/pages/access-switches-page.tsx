import { KeyRound, MailCheck, Send } from 'lucide-react';
import type { CurrentUser } from '#shared/contracts/auth.ts';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useAdminStats } from '../api/get-admin-stats.ts';
import { AdminGate } from '../components/admin-gate.tsx';
import { AdminStatCards } from '../components/admin-stat-cards.tsx';
import { ContestsPanel } from '../components/contests-panel.tsx';
import { ToolLinks, type ToolLink } from '../components/tool-links.tsx';
import { UserAccessSwitches } from '../components/user-access-switches.tsx';
import { UsersPanel } from '../components/users-panel.tsx';
import { useUserAccess } from '../lib/use-user-access.ts';

const tools: ToolLink[] = [
  { href: '/admin-verify-email', label: 'Verify Email', icon: MailCheck },
  { href: '/admin-password-reset', label: 'Reset Password', icon: KeyRound },
  { href: '/email-debug', label: 'Email Debug', icon: Send },
];

/**
 * Figures, and every user with Admin and Active switches (the contests read-only): the screen at
 * /working-admin.
 */
export function AccessSwitchesPage() {
  return (
    <PageFrame width="max-w-6xl" title="Working Admin" back={{ href: '/', label: 'Home' }}>
      <AdminGate>{(admin) => <AccessSwitches admin={admin} />}</AdminGate>
    </PageFrame>
  );
}

function AccessSwitches({ admin }: { admin: CurrentUser }) {
  const stats = useAdminStats();
  const access = useUserAccess();
  const count = (value: number | undefined) =>
    value === undefined ? '' : ` (${value.toLocaleString()})`;
  return (
    <>
      <AdminStatCards stats={stats.data} isError={stats.isError} />
      <ToolLinks links={tools} label="Admin tools" className="mt-6" />
      <Tabs defaultValue="users" className="mt-6">
        <TabsList>
          <TabsTrigger value="users">Users{count(stats.data?.totalUsers)}</TabsTrigger>
          <TabsTrigger value="contests">Contests{count(stats.data?.totalContests)}</TabsTrigger>
        </TabsList>
        <TabsContent value="users" className="mt-4">
          <UsersPanel
            renderActions={(user) => (
              <UserAccessSwitches user={user} isSelf={user.id === admin.id} access={access} />
            )}
          />
        </TabsContent>
        <TabsContent value="contests" className="mt-4">
          <ContestsPanel />
        </TabsContent>
      </Tabs>
    </>
  );
}
