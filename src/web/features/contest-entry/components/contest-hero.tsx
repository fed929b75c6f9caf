import { Gift, Trophy } from 'lucide-react';
import { lazy, Suspense } from 'react';
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

type HeroContest = Pick<
  PublicContest,
  'title' | 'prizeDetails' | 'prizeValue' | 'winnersCount' | 'isRedrawing' | 'images'
>;

function winnersSentence(contest: HeroContest, isDrawn: boolean): string {
  const { winnersCount } = contest;
  if (contest.isRedrawing) return redrawingSentence(winnersCount);
  const winners = `${formatCount(winnersCount)} ${winnersCount === 1 ? 'winner' : 'winners'}`;
  if (isDrawn) return `${winners} ${winnersCount === 1 ? 'has' : 'have'} been drawn`;
  return `${winners} will be drawn`;
}

/**
 * The top of the contest's card: the cover photo (when there is one), then the title, the prize
 * and the places on the accent. The entry page and the owner's live preview both show it.
 */
export function ContestHero({ contest, isDrawn }: { contest: HeroContest; isDrawn: boolean }) {
  const { cover } = contest.images;
  return (
    <>
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
    </>
  );
}
