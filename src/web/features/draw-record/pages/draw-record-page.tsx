import { Hourglass, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { PRODUCT_NAME } from '#shared/constants.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';
import { rulesTextPath } from '#shared/contracts/official-rules.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Callout } from '#web/components/ui/callout.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { usePublicContest } from '#web/features/contest-entry/api/get-public-contest.ts';
import { PublicFrame } from '#web/features/contest-entry/components/public-frame.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format-date.ts';
import { useDrawRecord } from '../api/get-draw-record.ts';
import { HowItWasDrawn } from '../components/how-it-was-drawn.tsx';
import { RecordSection } from '../components/record-section.tsx';
import { TechnicalRecord } from '../components/technical-record.tsx';
import { WinnersList } from '../components/winners-list.tsx';
import { countOf } from '../lib/format.ts';

function WinnersSection({ record }: { record: DrawRecord }) {
  const places = countOf(record.winnersCount, 'winner', 'winners');
  if (record.seed === null) {
    return (
      <RecordSection title="Winners">
        <Callout tone="warning" icon={Hourglass}>
          <p className="font-bold">The draw has not happened yet</p>
          {record.seedHash ? (
            <p>
              The draw is locked in: {places} will be drawn by a secret code sealed when the contest
              was published, which cannot change now. At the first draw the code and the list of
              entries are published here, so anyone can check every pick.
            </p>
          ) : (
            <p>
              {places} will be drawn. The draw is locked in when the contest is published, and this
              page shows it from then on.
            </p>
          )}
        </Callout>
      </RecordSection>
    );
  }
  const drawnAt = [...record.picks].sort((a, b) => a.p - b.p)[0]?.drawnAt;
  return (
    <RecordSection
      title="Winners"
      description={
        <>
          {places} drawn from {countOf(record.entries?.count ?? 0, 'entry', 'entries')}
          {drawnAt ? `, first drawn on ${formatDateTime(drawnAt)}` : ''}.
        </>
      }
    >
      <WinnersList winnersCount={record.winnersCount} picks={record.picks} />
    </RecordSection>
  );
}

function Problem({ contestId, isMissing }: { contestId: string; isMissing: boolean }) {
  return (
    <PublicFrame backToContest={contestId} wide>
      <Card className="p-8 text-center">
        <h1 className="text-2xl font-extrabold">
          {isMissing ? 'Draw Record Not Found' : 'Could not load the draw record'}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {isMissing
            ? 'This contest does not exist, or it has not been published yet.'
            : 'Check your connection and try again.'}
        </p>
        {isMissing ? null : (
          <Button className="mt-5" onClick={() => window.location.reload()}>
            Try again
          </Button>
        )}
      </Card>
    </PublicFrame>
  );
}

/**
 * /c/{id}/draw: the public record of a contest's draw, told in plain words first, with the
 * technical record and the checks that let anyone recompute it one tap below (docs/draw-protocol.md). Its own chunk: the entry page
 * only links here and never loads the verifier.
 */
export function DrawRecordPage({ params }: { params: { contestId: string } }) {
  const { contestId } = params;
  const recordQuery = useDrawRecord(contestId);
  const contestState = usePublicContest(contestId);
  const title = contestState.status === 'success' ? contestState.contest.title : null;

  useEffect(() => {
    if (title) document.title = `Draw record: ${title} – ${PRODUCT_NAME}`;
  }, [title]);

  // Both at once, so the title does not change under the reader; the contest is small.
  if (recordQuery.isPending || contestState.status === 'pending') {
    return <PageSpinner text="Loading the draw record..." />;
  }
  if (recordQuery.isError) {
    const isMissing =
      recordQuery.error instanceof ApiError && recordQuery.error.code === 'NOT_FOUND';
    return <Problem contestId={contestId} isMissing={isMissing} />;
  }
  const record = recordQuery.data;

  return (
    <PublicFrame backToContest={contestId} wide>
      <header className="grid gap-2">
        <p className="flex items-center gap-1.5 text-sm font-semibold text-primary">
          <ShieldCheck aria-hidden className="size-4" />
          Verifiable draw record
        </p>
        <h1 className="break-words text-2xl font-extrabold leading-tight sm:text-3xl">
          {title ?? 'Contest draw'}
        </h1>
        <p className="text-muted-foreground">
          Who won, how they were picked, and how anyone can check it.
        </p>
        {record.rules ? (
          // The rules in force when entries closed: their exact text, which the record's hash is of.
          <p className="text-sm">
            <a
              href={rulesTextPath(contestId, record.rules.version)}
              className="font-semibold text-primary hover:underline"
            >
              Official rules: version {record.rules.version}
            </a>
          </p>
        ) : null}
      </header>

      {record.predatesVerifiableDraws ? (
        <Callout tone="warning" icon={TriangleAlert}>
          <p className="font-bold">This contest was drawn before verifiable draws existed</p>
          <p>
            Its earlier winner was drawn by the server before public records existed, so that draw
            is not listed here and cannot be checked. Only the picks below can be.
          </p>
        </Callout>
      ) : null}

      <RecordSection
        title={
          record.seed === null
            ? 'How this draw will be picked fairly'
            : 'How this draw was picked fairly'
        }
      >
        <HowItWasDrawn record={record} />
      </RecordSection>

      <WinnersSection record={record} />

      <TechnicalRecord record={record} contestId={contestId} />
    </PublicFrame>
  );
}
