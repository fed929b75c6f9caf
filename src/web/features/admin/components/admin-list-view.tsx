import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { Badge } from '#web/components/ui/badge.tsx';
import { LoadMoreButton } from '#web/components/ui/load-more-button.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { messageOf } from '#web/lib/api-client.ts';
import { useRedirectOnUnauthorized } from '#web/lib/unauthorized.ts';
import type { AdminListPage } from '../api/admin-list.ts';

type AdminListQuery<T> = UseInfiniteQueryResult<InfiniteData<AdminListPage<T>>>;

/**
 * Every admin list: a search box (searched on the server), the number of matches, the rows in
 * an area that scrolls at a fixed height, and Load more while pages remain.
 */
export function SearchableAdminList<T>({
  useList,
  noun,
  searchLabel,
  emptyText,
  renderItem,
  filter,
  filterControl,
}: {
  /** Searches the list; `filter` narrows it further where the list has one (contests). */
  useList: (search: string, filter?: string) => AdminListQuery<T>;
  filter?: string;
  /** The control that sets `filter`, beside the search box. */
  filterControl?: ReactNode;
  /** Singular and plural, for the count. */
  noun: [string, string];
  searchLabel: string;
  emptyText: string;
  renderItem: (item: T) => ReactNode;
}) {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const query = useList(deferredSearch, filter);
  useRedirectOnUnauthorized(query.error);
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = pages[0]?.total;
  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="flex-1">
          <SearchInput
            label={searchLabel}
            placeholder={`${searchLabel}...`}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        {filterControl}
        {total === undefined ? null : (
          <Badge tone="info" className="self-start sm:self-auto">
            {items.length < total ? `${items.length.toLocaleString()} of ` : ''}
            {total.toLocaleString()} {total === 1 ? noun[0] : noun[1]}
          </Badge>
        )}
      </div>
      <div
        className="max-h-[32rem] overflow-y-auto rounded-xl border border-border"
        tabIndex={0}
        aria-label={noun[1][0]!.toUpperCase() + noun[1].slice(1)}
        aria-busy={query.isFetching}
      >
        {query.isPending ? (
          <div className="flex justify-center p-8">
            <Spinner />
          </div>
        ) : query.isError ? (
          <p role="alert" className="p-8 text-center text-sm text-destructive">
            {messageOf(query.error, 'Error loading')}
          </p>
        ) : items.length === 0 ? (
          <p className="p-8 text-center text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <ul className="divide-y divide-border">{items.map(renderItem)}</ul>
        )}
        <LoadMoreButton query={query} />
      </div>
    </div>
  );
}
