import { useQueryClient } from '@tanstack/react-query';
import { Download, Inbox } from 'lucide-react';
import type { MyEntries } from '#shared/contracts/me.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { isUnauthorizedError, messageOf } from '#web/lib/api-client.ts';
import { useDownloadMyData } from '../api/download-my-data.ts';
import { myEntriesQueryKey } from '../api/get-my-entries.ts';
import { useWithdrawConsent } from '../api/withdraw-consent.ts';
import { useWithdrawEntry } from '../api/withdraw-entry.ts';
import { MyEntryCard } from './my-entry-card.tsx';

/** The mailbox's entries, each with its ways out, and all its data to download. */
export function MyEntriesList({ mine }: { mine: MyEntries }) {
  const queryClient = useQueryClient();
  /** A refused action says why; once the hour is over the page asks for a new link. */
  const failed = (title: string) => (error: Error) => {
    toast({ title, description: messageOf(error, 'Please try again.'), variant: 'destructive' });
    if (isUnauthorizedError(error)) queryClient.setQueryData(myEntriesQueryKey, null);
  };
  const download = useDownloadMyData();
  const withdrawConsent = useWithdrawConsent();
  const withdraw = useWithdrawEntry();

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {mine.entries.length === 1
            ? '1 entry made with this address.'
            : `${mine.entries.length} entries made with this address.`}
        </p>
        <Button
          variant="outline"
          disabled={download.isPending}
          onClick={() => download.mutate(undefined, { onError: failed('Download failed') })}
        >
          <Download aria-hidden />
          {download.isPending ? 'Preparing...' : 'Download my data'}
        </Button>
      </div>
      {mine.entries.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 text-center">
            <Inbox aria-hidden className="size-8 text-muted-foreground" />
            <p className="font-semibold">No entries here</p>
            <p className="text-sm text-muted-foreground">
              This address has no entries in any giveaway right now. Nothing more is kept about you
              here.
            </p>
          </CardContent>
        </Card>
      ) : (
        <ul aria-label="Your entries" className="grid gap-4">
          {mine.entries.map((entry) => (
            <li key={entry.id}>
              <MyEntryCard
                entry={entry}
                actions={{
                  onWithdrawConsent: () =>
                    withdrawConsent.mutate(entry.id, {
                      onSuccess: () =>
                        toast({
                          title: 'Consent withdrawn',
                          description: `The organiser of "${entry.contestTitle}" may no longer send you marketing e-mails.`,
                          variant: 'success',
                        }),
                      onError: failed('Could not withdraw your consent'),
                    }),
                  isWithdrawingConsent:
                    withdrawConsent.isPending && withdrawConsent.variables === entry.id,
                  onWithdraw: (close) =>
                    withdraw.mutate(entry.id, {
                      onSuccess: () => {
                        close();
                        toast({
                          title: 'Entry withdrawn',
                          description: `Your entry in "${entry.contestTitle}" is withdrawn.`,
                          variant: 'success',
                        });
                      },
                      onError: failed('Could not withdraw your entry'),
                    }),
                  isWithdrawing: withdraw.isPending && withdraw.variables === entry.id,
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
