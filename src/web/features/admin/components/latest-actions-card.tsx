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

const actionLabels: Record<AdminAuditItem['action'], string> = {
  role_changed: 'changed the role of',
  status_changed: 'changed the status of',
  password_reset: 'reset the password of',
  temporary_password: 'set a temporary password for',
  email_verified: 'verified the email of',
  contest_deleted: 'deleted the contest',
};

/** Who did what to whom, newest first, from the admin audit table. */
export function LatestActionsCard() {
  const audit = useAdminAudit();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Latest admin actions</CardTitle>
        <CardDescription>
          Every role, status, password, verification and delete is recorded.
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
            {audit.data.map((item) => (
              <li key={item.id} className="grid gap-0.5 text-sm">
                <p className="break-words">
                  <span className="font-medium">{item.actorEmail ?? 'A deleted admin'}</span>{' '}
                  {actionLabels[item.action]}{' '}
                  <span className="font-medium">{item.target ?? 'a deleted record'}</span>
                </p>
                <p className="text-xs text-muted-foreground">{formatDateTime(item.createdAt)}</p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
