import { Download, Hourglass, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { PRODUCT_NAME } from '#shared/constants.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Callout } from '#web/components/ui/callout.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { usePublicContest } from '#web/features/contest-entry/api/get-public-contest.ts';
import { PublicFrame } from '#web/features/contest-entry/components/public-frame.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format-date.ts';
import { drawRecordPath, useDrawRecord } from '../api/get-draw-record.ts';
import { FindEntry } from '../components/find-entry.tsx';
import { HashValue } from '../components/hash-value.tsx';
import { RecordFacts } from '../components/record-facts.tsx';
import { VerifyPanel } from '../components/verify-panel.tsx';
import { WinnersList } from '../components/winners-list.tsx';
import { countOf } from '../lib/format.ts';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="max-sm:p-5 max-sm:pb-0">
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="max-sm:p-5 max-sm:pt-4">{children}</CardContent>
    </Card>
  );
}

function WinnersSection({ record }: { record: DrawRecord }) {
  const places = countOf(record.winnersCount, 'winner', 'winners');
  if (record.seed === null) {
    return (
      <Section title="Winners">
        <Callout tone="warning" icon={Hourglass}>
          <p className="font-bold">The draw has not happened yet</p>
          {record.seedHash ? (
            <p>
              The commitment is fixed: {places} {record.winnersCount === 1 ? 'is' : 'are'} drawn
              from the seed behind it, which cannot change now. At the first draw the seed and the
              frozen list of entries are published here, so anyone can recompute every pick.
            </p>
          ) : (
            <p>
              {places} will be drawn. The commitment to the draw&apos;s secret seed is made when the
              contest is published, and shown here from then on.
            </p>
          )}
        </Callout>
      </Section>
    );
  }
  const drawnAt = [...record.picks].sort((a, b) => a.p - b.p)[0]?.drawnAt;
  return (
    <Section
      title="Winners"
      description={
        <>
          {places} drawn from {countOf(record.entries?.count ?? 0, 'entry', 'entries')}
          {drawnAt ? `, first drawn on ${formatDateTime(drawnAt)}` : ''}.
        </>
      }
    >
      <WinnersList winnersCount={record.winnersCount} picks={record.picks} />
    </Section>
  );
}

function OwnToolsSection({ contestId }: { contestId: string }) {
  const path = drawRecordPath(contestId);
  return (
    <Section title="Check it with your own tools">
      <div className="grid gap-3 text-sm">
        <p>
          Don&apos;t want to trust this page either? {PRODUCT_NAME}&apos;s source code includes a
          short standalone checker that shares no code with the server. Give it this record&apos;s
          address, or the file you downloaded:
        </p>
        <HashValue value={`npm run verify -- ${window.location.origin}${path}`} />
        <p className="text-muted-foreground">
          The protocol is described step by step in docs/draw-protocol.md, beside fixed test
          vectors, so you can also write a checker of your own.
        </p>
        <Button asChild variant="outline" className="w-full sm:w-fit">
          <a href={path} download={`draw-record-${contestId}.json`}>
            <Download aria-hidden />
            Download the record (JSON)
          </a>
        </Button>
      </div>
    </Section>
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
 * /c/{id}/draw: the public record of a contest's draw for people, with the checks that let
 * anyone recompute it in the browser (docs/draw-protocol.md). Its own chunk: the entry page
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
          Everything needed to check who won: the secret that decides the draw was committed to
          before the entries closed, and every pick can be recomputed from it.
        </p>
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

      <WinnersSection record={record} />

      <Section
        title="Check it in your browser"
        description="Your browser recomputes the commitment, the entry list's root and every pick with WebCrypto, and says check by check what matched."
      >
        <VerifyPanel record={record} />
      </Section>

      <Section title="Find my entry">
        <FindEntry record={record} />
      </Section>

      <Section title="The record">
        <RecordFacts record={record} />
      </Section>

      <OwnToolsSection contestId={contestId} />
    </PublicFrame>
  );
}
