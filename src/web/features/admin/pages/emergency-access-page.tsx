import {
  Activity,
  Database,
  KeyRound,
  LifeBuoy,
  LogIn,
  Mail,
  Search,
  Terminal,
} from 'lucide-react';
import { Link } from 'wouter';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { AdminGate } from '../components/admin-gate.tsx';
import { HelpPanel } from '../components/help-panel.tsx';
import { SystemStatus } from '../components/system-status.tsx';
import { ToolLinks, type ToolLink } from '../components/tool-links.tsx';

const recoveryTools: ToolLink[] = [
  {
    href: '/admin-password-reset',
    label: 'Admin Password Reset',
    icon: KeyRound,
    description: "Set any user's password directly.",
  },
  {
    href: '/database-reset',
    label: 'Database Reset',
    icon: Database,
    description: 'Update a password directly in the database.',
  },
  {
    href: '/forgot-password',
    label: 'Forgot Password',
    icon: Mail,
    description: 'Send a password reset link by email.',
  },
  {
    href: '/database-inspector',
    label: 'Database Inspector',
    icon: Search,
    description: 'See every account and its state.',
  },
  {
    href: '/email-debug',
    label: 'Email Debug',
    icon: LifeBuoy,
    description: 'Check that emails are delivered.',
  },
];

/** How to recover access; what each path needs is said, so nobody tries a closed door. */
const recoveryPaths = [
  { need: 'Any visitor', path: 'Forgot Password mails a reset link to the account’s address.' },
  { need: 'An admin session', path: 'The reset, inspector and email tools on this page.' },
  {
    need: 'Server access',
    path: 'npm run admin -- reset-password --email you@example.com (also create-admin, verify-email, promote).',
  },
];

export function EmergencyAccessPage() {
  return (
    <PageFrame
      width="max-w-5xl"
      title="Emergency Access"
      description="Recovery tools for when an account is locked out."
      back={null}
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid content-start gap-4">
          <AdminGate>
            {() => <ToolLinks links={recoveryTools} label="Recovery tools" look="cards" />}
          </AdminGate>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link href="/login">
                <LogIn aria-hidden />
                Back to Login Page
              </Link>
            </Button>
            {/* Open to anyone: the way back in that needs no admin. */}
            <Button asChild variant="outline">
              <Link href="/forgot-password">
                <Mail aria-hidden />
                Forgot Password
              </Link>
            </Button>
          </div>
        </div>
        <div className="grid content-start gap-4">
          <HelpPanel icon={Activity} title="Status">
            <SystemStatus />
          </HelpPanel>
          <HelpPanel icon={Terminal} title="Ways back in">
            <ul className="grid gap-2">
              {recoveryPaths.map(({ need, path }) => (
                <li key={need}>
                  <span className="font-medium text-foreground">{need}:</span>{' '}
                  <span className="break-words">{path}</span>
                </li>
              ))}
            </ul>
          </HelpPanel>
        </div>
      </div>
    </PageFrame>
  );
}
