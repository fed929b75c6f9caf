import { CircleCheck, Hourglass, MailCheck, MailX, RefreshCw, RotateCw } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { MailQueueResponse } from '#shared/contracts/mail-queue.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { StatCard } from '#web/components/ui/stat-card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { messageOf } from '#web/lib/api-client.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useRedirectOnUnauthorized } from '#web/lib/unauthorized.ts';
import { useMailQueue } from '../api/get-mail-queue.ts';
import { useRetryFailedMails } from '../api/retry-failed-mails.ts';
import { useRetryMail } from '../api/retry-mail.ts';
import { waitInWords } from '../lib/wait-in-words.ts';
import { FailedMailRow } from './failed-mail-row.tsx';

const cards: {
  key: keyof MailQueueResponse['last24Hours'];
  label: string;
  icon: LucideIcon;
}[] = [
  { key: 'queued', label: 'Queued', icon: Hourglass },
  { key: 'sent', label: 'Sent', icon: MailCheck },
  { key: 'retrying', label: 'Retrying', icon: RefreshCw },
  { key: 'failed', label: 'Failed', icon: MailX },
];

const transportLabels: Record<MailQueueResponse['transport'], string> = {
  smtp: 'SMTP',
  outbox: 'Outbox (no SMTP_URL)',
};

/** The four counts of the last 24 hours; one column on a phone, as the platform figures. */
function MailCounts({ counts }: { counts: MailQueueResponse['last24Hours'] }) {
  return (
    <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 sm:gap-4 xl:grid-cols-4">
      {cards.map(({ key, label, icon }) => (
        <StatCard
          key={key}
          icon={icon}
          label={label}
          value={
            key === 'failed' && counts.failed > 0 ? (
              <span className="text-destructive">{counts.failed.toLocaleString()}</span>
            ) : (
              counts[key].toLocaleString()
            )
          }
        />
      ))}
    </div>
  );
}

/** How the queue is doing right now: how long its oldest mail has waited, and how mail leaves. */
function QueueState({ queue }: { queue: MailQueueResponse }) {
  return (
    <dl className="grid gap-3 rounded-xl border border-border bg-card p-4 text-sm sm:grid-cols-2">
      <div className="grid content-start gap-0.5">
        <dt className="text-muted-foreground">Oldest waiting mail</dt>
        <dd className="font-semibold">{waitInWords(queue.oldestWaitingSeconds)}</dd>
      </div>
      <div className="grid content-start gap-0.5">
        <dt className="text-muted-foreground">Sending through</dt>
        <dd className="font-semibold">{transportLabels[queue.transport]}</dd>
        {queue.transport === 'outbox' ? (
          <dd className="text-xs text-muted-foreground">
            Mails are kept in the database and not delivered.
          </dd>
        ) : null}
      </div>
    </dl>
  );
}

/** Every failed mail, newest first, each with Retry, and Retry all failed. */
function FailedMails({ failed }: { failed: MailQueueResponse['failed'] }) {
  const retry = useRetryMail();
  const retryAll = useRetryFailedMails();
  const retryOne = (mailId: string) =>
    retry.mutate(mailId, {
      onSuccess: ({ message }) => toast({ title: 'Mail Retried', description: message }),
      onError: (error) => reportFailure(error, 'Retry Failed', 'Failed to retry the mail.'),
    });
  const retryEvery = () =>
    retryAll.mutate(undefined, {
      onSuccess: ({ message }) => toast({ title: 'Failed Mails Retried', description: message }),
      onError: (error) => reportFailure(error, 'Retry Failed', 'Failed to retry the mails.'),
    });
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h3 className="text-lg font-bold">Failed mails</h3>
          <Badge tone={failed.length > 0 ? 'danger' : 'neutral'}>
            {failed.length.toLocaleString()} {failed.length === 1 ? 'mail' : 'mails'}
          </Badge>
        </div>
        <Button
          size="sm"
          variant="outline"
          disabled={failed.length === 0 || retryAll.isPending}
          onClick={retryEvery}
        >
          <RotateCw aria-hidden className={retryAll.isPending ? 'animate-spin' : undefined} />
          Retry all failed
        </Button>
      </div>
      <div
        role="region"
        className="max-h-[32rem] overflow-y-auto rounded-xl border border-border"
        tabIndex={0}
        aria-label="Failed mails"
      >
        {failed.length === 0 ? (
          <div className="flex flex-col items-center gap-2 p-8 text-center">
            <CircleCheck aria-hidden className="size-6 text-success" />
            <p className="font-semibold">No failed mails</p>
            <p className="text-sm text-muted-foreground">
              Every mail was delivered or is still being tried.
            </p>
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {failed.map((mail) => (
              <FailedMailRow
                key={mail.id}
                mail={mail}
                isRetrying={retry.isPending && retry.variables === mail.id}
                onRetry={() => retryOne(mail.id)}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * The admin panel's Mail tab: what the mail queue did in the last 24 hours, how long the oldest
 * waiting mail has waited, which transport sends, and the mails it gave up on, to retry.
 */
export function MailPanel() {
  const queue = useMailQueue();
  useRedirectOnUnauthorized(queue.error);
  if (queue.isPending) {
    return (
      <div className="flex justify-center rounded-xl border border-border p-8">
        <Spinner label="Loading the mail queue" />
      </div>
    );
  }
  if (queue.isError) {
    return (
      <div className="grid justify-items-center gap-3 rounded-xl border border-border p-8 text-center">
        <p role="alert" className="text-sm text-destructive">
          {messageOf(queue.error, 'Error loading')}
        </p>
        <Button size="sm" variant="outline" onClick={() => void queue.refetch()}>
          <RefreshCw aria-hidden />
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-5">
      <section aria-labelledby="mail-counts-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="mail-counts-heading" className="text-lg font-bold">
            Last 24 hours
          </h3>
          <Button
            size="sm"
            variant="ghost"
            disabled={queue.isFetching}
            onClick={() => void queue.refetch()}
          >
            <RefreshCw aria-hidden className={queue.isFetching ? 'animate-spin' : undefined} />
            Refresh
          </Button>
        </div>
        <MailCounts counts={queue.data.last24Hours} />
      </section>
      <QueueState queue={queue.data} />
      <FailedMails failed={queue.data.failed} />
    </div>
  );
}
