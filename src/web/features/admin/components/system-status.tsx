import { CircleCheck, CircleAlert, CircleHelp } from 'lucide-react';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { useDatabaseHealth } from '../api/get-health.ts';

type Status = { label: string; state: 'ok' | 'problem' | 'unknown'; text: string };

const icons = {
  ok: <CircleCheck aria-label="OK" className="size-4 shrink-0 text-success" />,
  problem: <CircleAlert aria-label="Problem" className="size-4 shrink-0 text-destructive" />,
  unknown: <CircleHelp aria-label="Unknown" className="size-4 shrink-0 text-muted-foreground" />,
};

/** Live checks a locked-out admin needs first: is the server up, and who am I to it. */
export function SystemStatus() {
  const health = useDatabaseHealth();
  const { data: user, isPending } = useCurrentUser();
  if (health.isPending || isPending) return <Spinner />;
  const statuses: Status[] = [
    {
      label: 'Database',
      ...(health.isError
        ? { state: 'unknown', text: 'The server did not answer.' }
        : health.data === 'ok'
          ? { state: 'ok', text: 'Connected' }
          : { state: 'problem', text: 'Unavailable: try again shortly.' }),
    },
    {
      label: 'Your session',
      ...(user
        ? user.role === 'admin'
          ? { state: 'ok', text: `Admin: ${user.email}` }
          : { state: 'problem', text: `Signed in as ${user.email}, not an admin` }
        : { state: 'problem', text: 'Not signed in' }),
    },
  ];
  return (
    <ul className="grid gap-2">
      {statuses.map((status) => (
        <li key={status.label} className="flex items-start gap-2">
          <span className="mt-0.5">{icons[status.state]}</span>
          <span className="min-w-0 break-words">
            <span className="font-medium text-foreground">{status.label}:</span> {status.text}
          </span>
        </li>
      ))}
    </ul>
  );
}
