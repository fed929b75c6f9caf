import { useAdminDraws } from '../api/get-admin-draws.ts';
import { SearchableAdminList } from './admin-list-view.tsx';
import { DrawRow } from './draw-row.tsx';

/**
 * Every draw and reset on the platform, newest first. A deleted contest's records stay here
 * (decision 016), so a re-roll hidden by deleting the contest is still on record.
 */
export function DrawsPanel() {
  return (
    <SearchableAdminList
      useList={useAdminDraws}
      noun={['draw record', 'draw records']}
      searchLabel="Search draws by contest title"
      emptyText="No draws found matching your search."
      renderItem={(draw) => <DrawRow key={draw.id} draw={draw} />}
    />
  );
}
