import { Trophy } from 'lucide-react';
import type { MyEntry } from '#shared/contracts/me.ts';
import { ordinal } from '#shared/ordinal.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { formatDateTime } from '#web/lib/format-date.ts';
import { WithdrawEntryDialog } from './withdraw-entry-dialog.tsx';

const statusWords: Record<MyEntry['status'], { text: string; tone: 'success' | 'warning' }> = {
  confirmed: { text: 'Confirmed', tone: 'success' },
  pending: { text: 'Waiting for you to confirm your e-mail', tone: 'warning' },
};

type Actions = {
  onWithdrawConsent: () => void;
  isWithdrawingConsent: boolean;
  onWithdraw: (close: () => void) => void;
  isWithdrawing: boolean;
};

/** One entry: its giveaway, when, where it stands, the consent, and the ways out. */
export function MyEntryCard({ entry, actions }: { entry: MyEntry; actions: Actions }) {
  const status = statusWords[entry.status];
  return (
    <Card>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1">
            <h2 className="break-words text-lg font-bold">{entry.contestTitle}</h2>
            <p className="text-sm text-muted-foreground">
              Entered {formatDateTime(entry.entryDate)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {entry.wonPlace ? (
              <Badge tone="info">
                <Trophy aria-hidden className="size-3" />
                Winner, {ordinal(entry.wonPlace)} place
              </Badge>
            ) : null}
            <Badge tone={status.tone}>{status.text}</Badge>
          </div>
        </div>
        <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="font-semibold">Marketing e-mails</dt>
          <dd>{consentWords(entry)}</dd>
          {entry.country ? (
            <>
              <dt className="font-semibold">Country</dt>
              <dd>{entry.country}</dd>
            </>
          ) : null}
        </dl>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {entry.consent.given ? (
            <Button
              variant="outline"
              size="sm"
              disabled={actions.isWithdrawingConsent}
              onClick={actions.onWithdrawConsent}
            >
              {actions.isWithdrawingConsent ? 'Withdrawing...' : 'Withdraw consent'}
            </Button>
          ) : null}
          <WithdrawEntryDialog
            entry={entry}
            isPending={actions.isWithdrawing}
            onConfirm={actions.onWithdraw}
          />
        </div>
      </CardContent>
    </Card>
  );
}

function consentWords({ consent }: MyEntry): string {
  if (consent.given) return `Yes, since ${formatDateTime(consent.at!)}`;
  if (consent.withdrawnAt) return `No: withdrawn ${formatDateTime(consent.withdrawnAt)}`;
  return 'No';
}
