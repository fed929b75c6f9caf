import { Search, SearchCheck, SearchX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { DrawRecord, DrawRecordPick } from '#shared/contracts/draws.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Callout } from '#web/components/ui/callout.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { formatCount } from '#web/lib/format-count.ts';
import { countOf } from '../lib/format.ts';
import { findEntry, normalizeEntryId, type EntryLookup } from '../lib/verify-record.ts';
import { HashValue } from './hash-value.tsx';

type LookupState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'done'; entryId: string; lookup: EntryLookup };

function pickSentence(pick: DrawRecordPick): string {
  const how = pick.method === 'manual' ? 'chosen by hand' : 'drawn at random';
  return pick.status === 'winner'
    ? `It is pick ${pick.p}, ${how}: the winner of place ${pick.position}.`
    : `It was pick ${pick.p}, ${how} for place ${pick.position}, then disqualified: ${pick.reason ?? 'no reason given'}.`;
}

/** In a weighted draw (v2), what the entry's leaf binds it to. */
function weightClause(weight: number | null): string {
  if (weight === null) return '';
  return `, with weight ${formatCount(weight)}: the entry and ${countOf(weight - 1, 'bonus entry', 'bonus entries')}`;
}

/** An entrant pastes their entry id (their receipt) and sees their leaf in the frozen list. */
export function FindEntry({ record }: { record: DrawRecord }) {
  const [error, setError] = useState<string>();
  const [state, setState] = useState<LookupState>({ status: 'idle' });
  const leafCount = record.entries?.leaves.length ?? 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('entryId') ?? '');
    const entryId = normalizeEntryId(text);
    if (!entryId) {
      setError(
        text.trim()
          ? 'That is not an entry id. It looks like 01937c4e-0000-7000-8000-000000000003.'
          : 'Paste your entry id',
      );
      setState({ status: 'idle' });
      return;
    }
    setError(undefined);
    setState({ status: 'searching' });
    void findEntry(record, entryId).then((lookup) => setState({ status: 'done', entryId, lookup }));
  };

  if (!record.entries) {
    return (
      <p className="text-sm text-muted-foreground">
        The list of entries is published at the first draw. Come back then to find your entry in it
        with the entry id from your confirmation.
      </p>
    );
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Paste the entry id shown on your “You&apos;re In!” confirmation. Your browser hashes it and
        looks for the result among the {formatCount(leafCount)} leaves of the frozen list.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <Field label="Your entry id" error={error}>
          {(control) => (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                {...control}
                name="entryId"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                placeholder="01937c4e-0000-7000-8000-…"
                className="font-mono"
                onChange={() => setError(undefined)}
              />
              <Button
                type="submit"
                variant="outline"
                disabled={state.status === 'searching'}
                className="shrink-0"
              >
                <Search aria-hidden />
                Find my entry
              </Button>
            </div>
          )}
        </Field>
      </form>

      {state.status === 'done' ? (
        state.lookup.found ? (
          <Callout tone="success" icon={SearchCheck} role="status">
            <p className="font-bold">Your entry is in the draw</p>
            <p>
              Entry {state.entryId} is at position {formatCount(state.lookup.found.index + 1)} of{' '}
              {formatCount(leafCount)} in the frozen list
              {weightClause(state.lookup.found.weight)}. Its leaf, SHA-256 of your entry id
              {state.lookup.found.weight === null ? '' : ' and weight'}:
            </p>
            <HashValue value={state.lookup.found.leaf} className="bg-white/70" />
            {state.lookup.picks.map((pick) => (
              <p key={pick.p} className="font-semibold">
                {pickSentence(pick)}
              </p>
            ))}
          </Callout>
        ) : (
          <Callout tone="danger" icon={SearchX} role="status">
            <p className="font-bold">This entry id is not in the list</p>
            <p>
              No leaf of the {formatCount(leafCount)} frozen entries is the SHA-256 of{' '}
              <span className="break-all font-mono">{state.entryId}</span>
              {record.entries.weights ? ' with any weight the list holds' : ''}. Check that you
              pasted the whole id, from this contest&apos;s confirmation.
            </p>
          </Callout>
        )
      ) : null}
    </div>
  );
}
