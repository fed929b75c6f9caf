import { Trophy } from 'lucide-react';
import type { PublicContest } from '#shared/contracts/contests.ts';

/** After the draw: the winners' display names ("Maria S."), by position. */
export function WinnersCard({ winners }: { winners: PublicContest['winners'] }) {
  const byPosition = [...winners].sort((a, b) => a.position - b.position);
  return (
    <section
      aria-labelledby="winners-heading"
      className="rounded-2xl border border-amber-200 bg-accent-soft p-5"
    >
      <h2 id="winners-heading" className="flex items-center gap-2 text-xl font-extrabold">
        <Trophy aria-hidden className="size-5 text-accent" />
        {byPosition.length === 1 ? 'Winner' : 'Winners'}
      </h2>
      <ol className="mt-3 grid gap-2">
        {byPosition.map((winner) => (
          <li key={winner.position} className="flex items-center gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-extrabold text-white">
              <span className="sr-only">Place </span>
              {winner.position}
            </span>
            <span className="min-w-0 break-words font-semibold">{winner.displayName}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
