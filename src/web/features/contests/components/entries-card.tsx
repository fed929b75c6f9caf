import { Download } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import type { EntryListFilter } from '#shared/contracts/entries.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LoadMoreButton } from '#web/components/ui/load-more-button.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useWheel } from '#web/features/draws/api/get-wheel.ts';
import { cn } from '#web/lib/cn.ts';
import { useExportEntries } from '../api/export-entries.ts';
import { useEntries } from '../api/get-entries.ts';
import { useEntrySummary } from '../api/get-entry-summary.ts';
import { EntryRow } from './entry-row.tsx';
import { ImportCsvDialog } from './import-csv-dialog.tsx';

const filters: { value: EntryListFilter; label: string; empty: string }[] = [
  { value: 'all', label: 'All', empty: 'No entries yet.' },
  { value: 'pending', label: 'Pending', empty: 'No entries are waiting for their confirmation.' },
  { value: 'confirmed', label: 'Confirmed', empty: 'No confirmed entries yet.' },
  { value: 'flagged', label: 'Flagged', empty: 'No flagged entries.' },
  {
    value: 'referred',
    label: 'Referred',
    empty: "No one has entered through a friend's link yet.",
  },
];

const isFilter = (value: string): value is EntryListFilter =>
  filters.some((filter) => filter.value === value);

/**
 * Entrants, newest first, searched and filtered on the server so it stays quick at any size,
 * with beside each filter the number of entries it lists. On a contest with referrals, each entry's referrals
 * and weight, and a filter for those who came through a friend's link.
 */
export function EntriesCard({
  contest,
  entryCount,
  showReferrals,
  liveRefresh,
}: {
  contest: OwnerContest;
  entryCount: number;
  showReferrals: boolean;
  /** How often the list and its counts are asked again (`useLiveRefresh`). */
  liveRefresh: number | false;
}) {
  const [filter, setFilter] = useState<EntryListFilter>('all');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const entriesQuery = useEntries(contest.id, filter, deferredSearch, liveRefresh);
  const summary = useEntrySummary(contest.id, liveRefresh).data;
  const exporter = useExportEntries(contest.id);
  // Every current winner has a trophy: the wheel (shared with the draw card) lists the places.
  const places = useWheel(contest.id).data?.places;
  const winnerIds = new Set(places ? places.map((place) => place.entryId) : [contest.winnerId]);
  const entries = entriesQuery.data?.pages.flatMap((page) => page.entries) ?? [];
  const total = entriesQuery.data?.pages[0]?.total ?? 0;
  // Pending entries are exported too: the count of all, not the confirmed count.
  const hasEntries = (summary?.all ?? entryCount) > 0;
  const isLocked = contest.frozenAt !== null;
  const shownFilters = showReferrals
    ? filters
    : filters.filter(({ value }) => value !== 'referred');

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
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="entries-title" className="text-lg font-bold">
          Contest Entries
        </h2>
        <div className="flex gap-2">
          <ImportCsvDialog contestId={contest.id} />
          <Button
            variant="outline"
            size="sm"
            disabled={!hasEntries || exporter.isPending}
            onClick={exportCsv}
          >
            <Download aria-hidden />
            {exporter.isPending ? 'Exporting...' : 'Export'}
          </Button>
        </div>
      </div>
      <Tabs
        value={filter}
        onValueChange={(value) => {
          if (isFilter(value)) setFilter(value);
        }}
        className="mt-4 grid gap-4"
      >
        {/* Five filters do not fit a phone's row: three, then two, each row filled. On a phone
            each filter's count sits under its name. */}
        <TabsList
          aria-label="Show entries"
          className={cn(showReferrals && 'flex-wrap sm:flex-nowrap')}
        >
          {shownFilters.map(({ value, label }) => (
            <TabsTrigger
              key={value}
              value={value}
              className={cn(
                'flex-col gap-0 sm:flex-row sm:gap-1.5',
                showReferrals && 'basis-[30%] sm:basis-auto',
              )}
            >
              {label}
              {summary ? (
                <span className="text-xs font-medium tabular-nums text-muted-foreground">
                  {summary[value].toLocaleString()}
                </span>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        <SearchInput
          label="Search entries"
          placeholder="Search entries..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <TabsContent
          value={filter}
          className="max-h-96 overflow-y-auto rounded-xl border border-border"
        >
          {entriesQuery.isPending ? (
            <div className="flex justify-center p-8">
              <Spinner />
            </div>
          ) : entries.length === 0 ? (
            <p className="p-8 text-center text-sm text-muted-foreground">
              {deferredSearch
                ? 'No entries match your search.'
                : filters.find(({ value }) => value === filter)?.empty}
            </p>
          ) : (
            <ul className="divide-y divide-border">
              {entries.map((entry) => (
                <EntryRow
                  key={entry.id}
                  contestId={contest.id}
                  entry={entry}
                  isWinner={winnerIds.has(entry.id)}
                  isLocked={isLocked}
                  showReferrals={showReferrals}
                />
              ))}
            </ul>
          )}
          <LoadMoreButton query={entriesQuery} />
        </TabsContent>
      </Tabs>
      {entries.length > 0 ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Showing {entries.length.toLocaleString()} of {total.toLocaleString()}
        </p>
      ) : null}
    </section>
  );
}
