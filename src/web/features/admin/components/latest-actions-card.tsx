import type { AdminAuditItem } from '#shared/contracts/admin.ts';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatDateTime } from '#web/lib/format-date.ts';
import { useAdminAudit } from '../api/get-admin-audit.ts';

/** "made x@y.z an admin", "deleted the contest Summer Giveaway", ... */
function describeAction(item: AdminAuditItem): { verb: string; suffix?: string } {
  switch (item.action) {
    case 'role_changed':
      return item.role === 'admin'
        ? { verb: 'made', suffix: 'an admin' }
        : { verb: 'removed the admin role of' };
    case 'status_changed':
      return { verb: item.isActive ? 'activated' : 'deactivated' };
    case 'password_reset':
      return { verb: 'reset the password of' };
    case 'temporary_password':
      return { verb: 'set a temporary password for' };
    case 'email_verified':
      return { verb: 'verified the email of' };
    case 'contest_deleted':
      return { verb: 'deleted the contest' };
    case 'entries_exported':
      return { verb: 'exported the entries of' };
    case 'admin_created':
      return { verb: 'created the admin account' };
  }
}

function actorLabel(item: AdminAuditItem): string {
  if (item.via === 'cli') return 'The admin CLI';
  return item.actorEmail ?? 'A deleted admin';
}

/** Who did what to whom, newest first, from the admin audit table. */
export function LatestActionsCard() {
  const audit = useAdminAudit();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Latest admin actions</CardTitle>
        <CardDescription>
          Every role, status, password, verification, delete and export of another owner’s leads is
          recorded, from this panel and from the admin CLI.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {audit.isPending ? (
          <Spinner />
        ) : audit.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Error loading
          </p>
        ) : audit.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No admin actions yet.</p>
        ) : (
          <ol className="grid gap-3">
            {audit.data.map((item) => {
              const { verb, suffix } = describeAction(item);
              return (
                <li key={item.id} className="grid gap-0.5 text-sm">
                  <p className="break-words">
                    <span className="font-medium">{actorLabel(item)}</span> {verb}{' '}
                    <span className="font-medium">{item.target ?? 'a deleted record'}</span>
                    {suffix ? ` ${suffix}` : ''}
                  </p>
                  <p className="text-xs text-muted-foreground">{formatDateTime(item.createdAt)}</p>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
