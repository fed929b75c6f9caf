import { Database, LifeBuoy, Shield } from 'lucide-react';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { redirectToLogin } from '#web/lib/unauthorized.ts';
import { AdminGate } from '../components/admin-gate.tsx';
import { TemporaryPasswordButton } from '../components/temporary-password-button.tsx';
import { ToolLinks, type ToolLink } from '../components/tool-links.tsx';
import { UsersPanel } from '../components/users-panel.tsx';
import { VerifyEmailButton } from '../components/verify-email-button.tsx';

const quickLinks: ToolLink[] = [
  { href: '/database-inspector', label: 'Database Inspector', icon: Database },
  { href: '/emergency-access', label: 'Emergency Access', icon: LifeBuoy },
  { href: '/admin', label: 'Admin Panel', icon: Shield },
];

/** User management: find an account, verify its e-mail, or give it a temporary password. */
export function AdminUsersPage() {
  return (
    <PageFrame
      width="max-w-5xl"
      title="User Management"
      description="Search accounts, verify email addresses and reset passwords."
      back={{ href: '/admin', label: 'Admin Panel' }}
    >
      <AdminGate onSignedOut={redirectToLogin}>
        {() => (
          <>
            <ToolLinks links={quickLinks} label="Quick links" className="mb-4" />
            <UsersPanel
              renderActions={(user) => (
                <>
                  {user.emailVerifiedAt ? null : <VerifyEmailButton user={user} />}
                  <TemporaryPasswordButton user={user} />
                </>
              )}
            />
          </>
        )}
      </AdminGate>
    </PageFrame>
  );
}
