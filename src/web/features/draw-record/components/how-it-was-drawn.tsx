import { Eye, ListChecks, Lock, UserX, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DrawRecord, DrawRecordPick } from '#shared/contracts/draws.ts';
import type { EntryFlag } from '#shared/contracts/entry-flags.ts';
import { formatCount } from '#web/lib/format-count.ts';
import { formatDateTime } from '#web/lib/format-date.ts';
import { lostClaimOf } from '../lib/claim-words.ts';
import { countOf } from '../lib/format.ts';
import { sumWeights } from '../lib/verify-record.ts';

/** Why an entry was left out of the draw, in words an entrant reads (docs/writing-guide.md). */
const leftOutBecause: Record<EntryFlag, string> = {
  'address-burst': 'sent in a burst from one network',
  'domain-burst': 'sent in a burst from one e-mail domain',
  'fast-submit': 'sent faster than a person types',
  'no-form-token': 'sent without opening the entry page',
  alias: 'a second address of someone who had already entered',
};

function Step({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1 text-sm">
        <h3 className="text-base font-bold">{title}</h3>
        {children}
      </div>
    </li>
  );
}

function LockedIn({ record }: { record: DrawRecord }) {
  if (!record.seedHash) {
    return (
      <p>
        The draw is locked in when the contest is published: from then on its result cannot be
        changed, by the owner or by us.
      </p>
    );
  }
  return (
    <p>
      {record.committedAt ? (
        <>
          On <strong>{formatDateTime(record.committedAt)}</strong>, when the contest was published,
        </>
      ) : (
        'When the contest was published,'
      )}{' '}
      the draw was locked in: a secret code that decides who wins was sealed, and its fingerprint
      shown on this page. Nobody could change it afterwards, so nobody, not the owner and not us,
      could choose a result to suit the entries.
    </p>
  );
}

function FixedList({ record }: { record: DrawRecord }) {
  const { entries } = record;
  if (!entries) {
    return (
      <p>
        When the first winner is drawn, entries close and the list of entries is fixed: nobody can
        add or remove one after that.
      </p>
    );
  }
  const chances = entries.weights ? sumWeights(entries.weights) : undefined;
  return (
    <>
      <p>
        {record.frozenAt ? (
          <>
            When the draw started on <strong>{formatDateTime(record.frozenAt)}</strong>,
          </>
        ) : (
          'When the draw started,'
        )}{' '}
        entries closed and the list of <strong>{countOf(entries.count, 'entry', 'entries')}</strong>{' '}
        was fixed: nobody can add or remove one now.
      </p>
      {chances === undefined ? null : (
        <p>
          Inviting friends counts: each entry had 1 chance, plus 1 for each bonus entry its friends
          earned it, <strong>{formatCount(chances)} chances</strong> in all.
        </p>
      )}
      {record.beacon ? (
        <p>
          A public random number, published by an independent service after entries closed, was
          mixed in too, so nobody could know the result in advance.
        </p>
      ) : null}
    </>
  );
}

/** How a pick lost its place through its claim, as a sentence's end. */
const lostClaimEnds = {
  declined: 'declined the prize',
  expired: 'did not claim the prize in time',
} as const;

function disqualifiedSentence(pick: DrawRecordPick, hasReplacement: boolean): string {
  const then = hasReplacement ? 'Another winner was drawn for that place.' : '';
  const lost = lostClaimOf(pick);
  const what = lost ? lostClaimEnds[lost] : `disqualified: ${pick.reason ?? 'no reason given'}`;
  return `${pick.displayName} was drawn for place ${pick.position} but ${what}. ${then}`.trim();
}

function LeftOut({ record }: { record: DrawRecord }) {
  const isDrawn = record.seed !== null;
  const disqualified = record.picks.filter((pick) => pick.status === 'disqualified');
  const lines: string[] = [];
  if (record.entriesLeftOut) {
    const why = record.excluded.map(
      ({ reason, count }) => `${formatCount(count)} ${leftOutBecause[reason]}`,
    );
    lines.push(
      `The owner reviewed the entries flagged as suspicious and left out ${countOf(record.entriesLeftOut, 'entry', 'entries')}${why.length > 0 ? ` (${why.join('; ')})` : ''}.`,
    );
  }
  for (const pick of disqualified) {
    const hasReplacement = record.picks.some(
      (other) => other.position === pick.position && other.p > pick.p,
    );
    lines.push(disqualifiedSentence(pick, hasReplacement));
  }
  return (
    <>
      <p>
        {isDrawn
          ? 'Winners were drawn at random from the fixed list; each entry could win once.'
          : 'Winners are drawn at random from the fixed list; each entry can win once.'}{' '}
        {isDrawn
          ? 'Entries still waiting for their e-mail address to be confirmed when entries closed were not in it.'
          : 'Entries still waiting for their e-mail address to be confirmed are not in it.'}
      </p>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {isDrawn && lines.length === 0 ? <p>Nobody else was left out.</p> : null}
    </>
  );
}

/**
 * The record told in plain words, before its technical part: what was locked in, when the list
 * was fixed, that anyone can check it, and who was left out and why (docs/product.md#draw-record-page).
 */
export function HowItWasDrawn({ record }: { record: DrawRecord }) {
  const isDrawn = record.seed !== null;
  return (
    <ol className="grid gap-5" aria-label="How the draw works">
      <Step
        icon={Lock}
        title={isDrawn ? 'Locked in before entries closed' : 'Locked in before entries close'}
      >
        <LockedIn record={record} />
      </Step>
      <Step
        icon={ListChecks}
        title={
          isDrawn
            ? 'The list of entries was fixed at the draw'
            : 'The list of entries is fixed at the draw'
        }
      >
        <FixedList record={record} />
      </Step>
      <Step icon={Eye} title="Anyone can check it">
        <p>
          {isDrawn
            ? 'Everything needed to redo the draw is published in the technical record below, without names or e-mail addresses. Your browser can redo it in a few seconds, and anyone can redo it with their own tools.'
            : 'At the first draw, everything needed to redo it is published in the technical record below, without names or e-mail addresses, so anyone can check every pick.'}
        </p>
        <p>
          Kept the entry id from your confirmation? Find your entry on the list in the technical
          record.
        </p>
      </Step>
      <Step icon={UserX} title={isDrawn ? 'Who won, and who was left out' : 'Who can win'}>
        <LeftOut record={record} />
      </Step>
    </ol>
  );
}
