import { Download, Trophy } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LoadMoreButton } from '#web/components/ui/load-more-button.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useWheel } from '#web/features/draws/api/get-wheel.ts';
import { formatDateTime } from '#web/lib/format-date.ts';
import { useExportEntries } from '../api/export-entries.ts';
import { useEntries } from '../api/get-entries.ts';
import { ImportCsvDialog } from './import-csv-dialog.tsx';

function formatEntryDate(entryDate: string | null): string {
  return entryDate ? formatDateTime(entryDate) : 'Unknown';
}

/** Entrants, newest first, searched on the server so it stays quick at any size. */
export function EntriesCard({
  contest,
  entryCount,
}: {
  contest: OwnerContest;
  entryCount: number;
}) {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const entriesQuery = useEntries(contest.id, deferredSearch);
  const exporter = useExportEntries(contest.id);
  // Every current winner has a trophy: the wheel (shared with the draw card) lists the places.
  const places = useWheel(contest.id).data?.places;
  const winnerIds = new Set(places ? places.map((place) => place.entryId) : [contest.winnerId]);
  const entries = entriesQuery.data?.pages.flatMap((page) => page.entries) ?? [];
  const total = entriesQuery.data?.pages[0]?.total ?? 0;

  const exportCsv = () =>
    exporter.mutate(undefined, {
      onSuccess: () =>
        toast({ title: 'Export Successful', description: 'Your entries were downloaded as CSV.' }),
      onError: () =>
        toast({
          title: 'Export Failed',
          description: 'Failed to export contest entries',
          variant: 'destructive',
        }),
    });

  return (
    <section
      aria-labelledby="entries-title"
      className="rounded-2xl border border-border bg-card p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="entries-title" className="text-lg font-bold">
          Contest Entries
        </h2>
        <div className="flex gap-2">
          <ImportCsvDialog contestId={contest.id} />
          <Button
            variant="outline"
            size="sm"
            disabled={entryCount === 0 || exporter.isPending}
            onClick={exportCsv}
          >
            <Download aria-hidden />
            {exporter.isPending ? 'Exporting...' : 'Export'}
          </Button>
        </div>
      </div>
      <div className="mt-4">
        <SearchInput
          label="Search entries"
          placeholder="Search entries..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div
        className="mt-4 max-h-96 overflow-y-auto rounded-xl border border-border"
        tabIndex={0}
        aria-label="Entries"
      >
        {entriesQuery.isPending ? (
          <div className="flex justify-center p-8">
            <Spinner />
          </div>
        ) : entries.length === 0 ? (
          <p className="p-8 text-center text-sm text-muted-foreground">
            {deferredSearch ? 'No entries match your search.' : 'No entries yet.'}
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {entries.map((entry) => {
              const isWinner = winnerIds.has(entry.id);
              return (
                <li
                  key={entry.id}
                  className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-3"
                >
                  <div className="min-w-0 flex-1">
                    <p className="flex items-center gap-1.5 truncate font-medium">
                      {isWinner ? (
                        <Trophy aria-label="Winner" className="size-4 shrink-0 text-accent" />
                      ) : null}
                      <span className="truncate">{entry.name}</span>
                    </p>
                    <p className="truncate text-sm text-muted-foreground">{entry.email}</p>
                  </div>
                  <p className="shrink-0 text-xs text-muted-foreground sm:text-right">
                    {formatEntryDate(entry.entryDate)}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
        <LoadMoreButton query={entriesQuery} />
      </div>
      {entries.length > 0 ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Showing {entries.length.toLocaleString()} of {total.toLocaleString()}
        </p>
      ) : null}
    </section>
  );
}
