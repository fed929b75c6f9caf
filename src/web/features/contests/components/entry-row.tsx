import { Hourglass, MailCheck, MailWarning, RefreshCw, Trophy } from 'lucide-react';
import { drawMessages } from '#shared/contracts/draws.ts';
import type { ContestEntryItem } from '#shared/contracts/entries.ts';
import { describeFlag, flagLabels, type EntryFlag } from '#shared/contracts/entry-flags.ts';
import { confirmationMailLabels, type MailStatus } from '#shared/contracts/mail-queue.ts';
import { ownerReferralReasonLabels } from '#shared/contracts/referral-reason-labels.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { EntryDrawDecision } from '#web/features/flag-review/components/entry-draw-decision.tsx';
import { cn } from '#web/lib/cn.ts';
import { formatDateTime } from '#web/lib/format-date.ts';
import { useShownEmail } from '#web/lib/hide-emails.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useClearEntryFlag } from '../api/clear-entry-flag.ts';
import { referralSummary } from '../lib/referral-summary.ts';
import { RemoveEntryDialog } from './remove-entry-dialog.tsx';

const confirmationMailLooks: Record<MailStatus, { icon: typeof MailCheck; className: string }> = {
  queued: { icon: Hourglass, className: 'text-muted-foreground' },
  sent: { icon: MailCheck, className: 'text-muted-foreground' },
  retrying: { icon: RefreshCw, className: 'text-amber-800' },
  failed: { icon: MailWarning, className: 'font-semibold text-amber-800' },
};

/**
 * Beside a pending entry, what became of the mail that asks its entrant to confirm: an entry
 * that never confirms may simply never have had its link.
 */
function ConfirmationMailStatus({ status }: { status: MailStatus }) {
  const { icon: Icon, className } = confirmationMailLooks[status];
  return (
    <p className={cn('flex items-start gap-1.5 text-xs', className)}>
      <Icon aria-hidden className="mt-px size-3.5 shrink-0" />
      {confirmationMailLabels[status]}
    </p>
  );
}

function formatEntryDate(entryDate: string | null): string {
  return entryDate ? formatDateTime(entryDate) : 'Unknown';
}

/**
 * Each flag with its reason written out (a tooltip would hide it on a phone), and what the owner
 * can do about it: keep the entry in the draw or leave it out, clear a flag they judge wrong, or
 * remove the entry. An alias cannot be
 * cleared (it reaches the same mailbox as another entry): removing one of the two resolves it.
 */
function EntryFlags({
  contestId,
  entry,
  isLocked,
}: {
  contestId: string;
  entry: ContestEntryItem;
  isLocked: boolean;
}) {
  const clear = useClearEntryFlag(contestId);
  const clearFlag = (flag: EntryFlag) =>
    clear.mutate(
      { entryId: entry.id, flag },
      {
        onSuccess: () =>
          toast({
            title: 'Flag Cleared',
            description: `${flagLabels[flag]} cleared for ${entry.name}.`,
            variant: 'success',
          }),
        onError: (error) =>
          reportFailure(error, 'Clear Failed', 'Failed to clear the flag. Please try again.'),
      },
    );

  return (
    <div className="mt-3 grid gap-3 rounded-lg border border-border bg-muted/60 p-3">
      <ul className="grid gap-3" aria-label={`Why ${entry.name}'s entry is flagged`}>
        {entry.flags.map((flag) => (
          <li key={flag} className="flex items-start gap-3">
            <div className="grid min-w-0 flex-1 justify-items-start gap-1">
              <Badge tone="warning">{flagLabels[flag]}</Badge>
              <p className="text-xs text-muted-foreground">{describeFlag(flag, entry.email)}</p>
            </div>
            {!isLocked && flag !== 'alias' ? (
              <Button
                variant="outline"
                size="sm"
                className="shrink-0"
                aria-label={`Clear the ${flagLabels[flag]} flag of ${entry.name}`}
                disabled={clear.isPending}
                onClick={() => clearFlag(flag)}
              >
                Clear
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {entry.status === 'confirmed' || !isLocked ? (
        <div className="border-t border-border pt-3">
          <EntryDrawDecision contestId={contestId} entry={entry} isLocked={isLocked} />
        </div>
      ) : null}
      {isLocked ? (
        <p className="text-xs text-muted-foreground">{drawMessages.entriesLocked}</p>
      ) : (
        <div className="flex justify-end border-t border-border pt-3">
          <RemoveEntryDialog contestId={contestId} entry={entry} />
        </div>
      )}
    </div>
  );
}

/**
 * One entrant in the owner's list: who, when, whether they confirmed, any flags and, on a contest
 * with referrals, whether a friend's link brought them and what their own link has earned them.
 */
export function EntryRow({
  contestId,
  entry,
  isWinner,
  isLocked,
  showReferrals,
}: {
  contestId: string;
  entry: ContestEntryItem;
  isWinner: boolean;
  /** The draw has frozen the entries: flags can no longer be cleared nor entries removed. */
  isLocked: boolean;
  showReferrals: boolean;
}) {
  const shownEmail = useShownEmail();
  return (
    <li className="px-4 py-3">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1.5 font-medium">
            {isWinner ? (
              <Trophy aria-label="Winner" className="size-4 shrink-0 text-accent" />
            ) : null}
            <span className="truncate">{entry.name}</span>
            {entry.status === 'pending' ? (
              <Badge tone="info" className="shrink-0">
                Pending
              </Badge>
            ) : null}
            {entry.leftOut ? (
              <Badge tone="warning" className="shrink-0">
                Left out
              </Badge>
            ) : null}
            {showReferrals && entry.referred ? (
              <Badge tone="neutral" className="shrink-0">
                Referred
              </Badge>
            ) : null}
          </p>
          <p className="truncate text-sm text-muted-foreground" title={shownEmail(entry.email)}>
            {shownEmail(entry.email)}
          </p>
          {entry.status === 'pending' && entry.confirmationMail ? (
            <ConfirmationMailStatus status={entry.confirmationMail} />
          ) : null}
          {showReferrals ? (
            <p className="text-xs tabular-nums text-muted-foreground">{referralSummary(entry)}</p>
          ) : null}
          {showReferrals && entry.referralReason ? (
            <p className="text-xs text-muted-foreground">
              Came through a friend&apos;s link: {ownerReferralReasonLabels[entry.referralReason]}
            </p>
          ) : null}
        </div>
        <p className="shrink-0 text-xs text-muted-foreground sm:text-right">
          {formatEntryDate(entry.entryDate)}
        </p>
      </div>
      {entry.flags.length > 0 ? (
        <EntryFlags contestId={contestId} entry={entry} isLocked={isLocked} />
      ) : null}
    </li>
  );
}
