import { Gift, Trophy } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { PublicContest } from '#shared/contracts/contests.ts';
import { formatCount } from '#web/lib/format-count.ts';

// Only contests with a cover need it: its own small chunk, loaded when shown, outside the first
// visit's budget. The server renders it in the page, which shows the photo before any script.
const CoverPicture = lazy(() =>
  import('./cover-picture.tsx').then((module) => ({ default: module.CoverPicture })),
);

/** After the owner redrew every place, until each is filled again (docs/product.md#the-draw). */
export const redrawingSentence = (winnersCount: number) =>
  winnersCount === 1 ? 'The winner is being drawn again' : 'The places are being drawn again';

type CardContest = Pick<
  PublicContest,
  | 'title'
  | 'description'
  | 'prizeDetails'
  | 'prizeValue'
  | 'winnersCount'
  | 'isRedrawing'
  | 'images'
>;

function winnersSentence(contest: CardContest, isDrawn: boolean): string {
  const { winnersCount } = contest;
  if (contest.isRedrawing) return redrawingSentence(winnersCount);
  const winners = `${formatCount(winnersCount)} ${winnersCount === 1 ? 'winner' : 'winners'}`;
  if (isDrawn) return `${winners} ${winnersCount === 1 ? 'has' : 'have'} been drawn`;
  return `${winners} will be drawn`;
}

/**
 * The contest's card: the cover photo as its hero (when there is one), the title, prize and places
 * on the accent, the description, then what the page shows for the moment (`children`: the form,
 * a notice, the count). The entry page and the owner's live preview both show it.
 */
export function EntryCard({
  contest,
  isDrawn,
  children,
}: {
  contest: CardContest;
  isDrawn: boolean;
  children: ReactNode;
}) {
  const { cover } = contest.images;
  return (
    <article className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
      {cover ? (
        <Suspense fallback={null}>
          <CoverPicture image={cover} alt={contest.prizeDetails} />
        </Suspense>
      ) : null}
      <header className="bg-primary px-6 py-6 text-primary-foreground">
        <h1 className="text-2xl font-extrabold leading-tight sm:text-3xl">{contest.title}</h1>
        <p className="mt-3 flex items-start gap-2 font-semibold text-violet-100">
          <Gift aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
          <span>
            {contest.prizeDetails}
            {contest.prizeValue ? ` (${contest.prizeValue})` : ''}
          </span>
        </p>
        <p className="mt-2 flex items-center gap-2 text-sm font-medium text-violet-100">
          <Trophy aria-hidden className="size-5 shrink-0 text-accent" />
          {winnersSentence(contest, isDrawn)}
        </p>
      </header>
      <div className="grid gap-6 p-6">
        <p className="whitespace-pre-line text-foreground">{contest.description}</p>
        {children}
      </div>
    </article>
  );
}
