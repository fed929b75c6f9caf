import { RotateCw } from 'lucide-react';
import { mailPurposeLabels, type FailedMail } from '#shared/contracts/mail-queue.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmailText } from '#web/components/ui/email-text.tsx';
import { formatDateTime } from '#web/lib/format-date.ts';

/**
 * One mail the queue gave up on: why it was sent, to whom, what the relay answered, when, and
 * Retry. The relay's answer is shown as it came ("550 5.1.1 mailbox unavailable"): it is what an
 * admin searches for or forwards to the mail provider.
 */
export function FailedMailRow({
  mail,
  isRetrying,
  onRetry,
}: {
  mail: FailedMail;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium">{mailPurposeLabels[mail.purpose]}</span>
          <Badge tone="danger">
            {mail.attempts} {mail.attempts === 1 ? 'attempt' : 'attempts'}
          </Badge>
        </p>
        <p className="text-sm">
          To <EmailText email={mail.recipient} />
        </p>
        <p className="break-words text-sm text-muted-foreground">{mail.subject}</p>
        <p className="mt-1 break-words rounded-md bg-destructive-soft px-2 py-1 font-mono text-xs text-red-900">
          {mail.lastError ?? 'No answer recorded'}
        </p>
        <p className="flex flex-wrap gap-x-1 text-xs text-muted-foreground">
          <span className="whitespace-nowrap">Queued {formatDateTime(mail.createdAt)}</span>
          <span aria-hidden>·</span>
          <span className="whitespace-nowrap">last attempt {formatDateTime(mail.updatedAt)}</span>
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        className="shrink-0 self-start"
        disabled={isRetrying}
        aria-label={`Retry the mail to ${mail.recipient}`}
        onClick={onRetry}
      >
        <RotateCw aria-hidden className={isRetrying ? 'animate-spin' : undefined} />
        {isRetrying ? 'Retrying...' : 'Retry'}
      </Button>
    </li>
  );
}
