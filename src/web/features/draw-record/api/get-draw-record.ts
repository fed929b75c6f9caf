import { useQuery } from '@tanstack/react-query';
import type { DrawRecord } from '#shared/contracts/draws.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** Where the record is served: the page fetches it, and offers it as a download. */
export function drawRecordPath(contestId: string) {
  return `/api/contests/${encodeURIComponent(contestId)}/draw-record`;
}

export const drawRecordQueryKey = (contestId: string) =>
  ['/api/contests', contestId, 'draw-record'] as const;

/** The public record of the draw (docs/draw-protocol.md#the-record): several MB at 100,000 entries. */
export function getDrawRecord(contestId: string) {
  return apiRequest<DrawRecord>('GET', drawRecordPath(contestId));
}

export function useDrawRecord(contestId: string) {
  return useQuery({
    queryKey: drawRecordQueryKey(contestId),
    queryFn: () => getDrawRecord(contestId),
  });
}
