import { prerenderToNodeStream } from 'react-dom/static';
import type { PublicContest } from '#shared/contracts/contests.ts';
import type { EntryPageState } from '#shared/contracts/entries.ts';
import { PublicRoot } from './public-root.tsx';

/**
 * Renders the public entry page to HTML on the server with the very components the browser
 * hydrates: the contest is on screen, and its form works, before any script has run.
 */
export async function renderContestPage(
  contest: PublicContest,
  pageState: EntryPageState,
): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <PublicRoot contestId={contest.id} initialContest={contest} pageState={pageState} />,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
