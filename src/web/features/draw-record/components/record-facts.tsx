import { Dices, KeyRound, ListChecks, Radio } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DrawRecord } from '#shared/contracts/draws.ts';
import { formatCount } from '#web/lib/format-count.ts';
import { formatDateTime } from '#web/lib/format-date.ts';
import { countOf } from '../lib/format.ts';
import { sumWeights } from '../lib/verify-record.ts';
import { HashValue } from './hash-value.tsx';

function Fact({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="flex gap-3" aria-label={title}>
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-2">
        <h3 className="font-bold">{title}</h3>
        {children}
      </div>
    </section>
  );
}

function Note({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

/** The commitment, the frozen list and the randomness: what the checks recompute. */
export function RecordFacts({ record }: { record: DrawRecord }) {
  const { entries, beacon } = record;
  const isDrawn = record.seed !== null;
  return (
    <div className="grid gap-6">
      <Fact icon={KeyRound} title="The commitment">
        {record.seedHash ? (
          <>
            <Note>
              SHA-256 of the secret seed that decides the draw
              {record.committedAt ? (
                <>
                  , published on <strong>{formatDateTime(record.committedAt)}</strong>
                </>
              ) : null}
              , before anyone could know the result.
            </Note>
            <HashValue value={record.seedHash} />
          </>
        ) : (
          <Note>There is no commitment yet: it is made when the contest is published.</Note>
        )}
      </Fact>

      <Fact icon={Dices} title="The seed">
        {record.seed ? (
          <>
            <Note>Revealed at the first draw. Its SHA-256 must equal the commitment above.</Note>
            <HashValue value={record.seed} />
          </>
        ) : (
          <Note>Kept secret until the first draw, then published here.</Note>
        )}
      </Fact>

      <Fact icon={ListChecks} title="The frozen entry list">
        {entries ? (
          <>
            <Note>
              {record.frozenAt ? (
                <>
                  Entries closed on <strong>{formatDateTime(record.frozenAt)}</strong> with{' '}
                </>
              ) : (
                'Frozen at the first draw with '
              )}
              <strong>{countOf(entries.count, 'entry', 'entries')}</strong>. Each entry is a leaf,
              the SHA-256 of its entry id{entries.weights ? ' and its weight' : ''} (no name, no
              e-mail), and the root is the SHA-256 of all {formatCount(entries.leaves.length)}{' '}
              leaves in order.
            </Note>
            <HashValue value={entries.root} />
            {entries.weights ? (
              <Note>
                The draw is weighted: an entry&apos;s weight is 1 plus its bonus entries,{' '}
                <strong>{formatCount(sumWeights(entries.weights))}</strong> in all, and its chance
                at each pick is its weight over the weights of the entries not yet picked.
              </Note>
            ) : null}
            {record.entriesLeftOut ? (
              <Note>
                Only confirmed entries are drawn, and the owner left out{' '}
                <strong>
                  {countOf(record.entriesLeftOut, 'flagged entry', 'flagged entries')}
                </strong>{' '}
                (sent in a burst from one network or domain, or faster than people type); they are
                not in this list.
              </Note>
            ) : null}
          </>
        ) : (
          <Note>
            {isDrawn
              ? 'This record has no frozen entry list.'
              : 'Published at the first draw, which closes the contest to new entries.'}
          </Note>
        )}
      </Fact>

      <Fact icon={Radio} title="Public randomness">
        {beacon ? (
          <>
            <Note>
              drand round <strong>{formatCount(beacon.round)}</strong>, published after the entries
              were frozen, mixed into every pick so the server alone could not decide the result.
              Its randomness:
            </Note>
            <HashValue value={beacon.randomness} />
            <Note>
              Chain <span className="break-all font-mono text-xs">{beacon.chain}</span>, from{' '}
              <span className="break-all font-mono text-xs">{beacon.url}</span>
            </Note>
          </>
        ) : isDrawn ? (
          <Note>
            No beacon was used: the server&apos;s committed seed alone decides the picks. It was
            fixed before the list of entries existed, so it could not be chosen to suit them.
          </Note>
        ) : (
          <Note>
            Known at the draw: a public drand beacon round when this server uses one; without a
            beacon, the server&apos;s committed seed alone decides the picks.
          </Note>
        )}
      </Fact>
    </div>
  );
}
