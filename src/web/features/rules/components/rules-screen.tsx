import { FileText, ScrollText, TriangleAlert } from 'lucide-react';
import {
  rulesPagePath,
  rulesTextPath,
  type RulesPageView,
} from '#shared/contracts/official-rules.ts';
import { Callout } from '#web/components/ui/callout.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { PublicFrame } from '#web/features/contest-entry/components/public-frame.tsx';

type ShownRules = Extract<RulesPageView, { kind: 'rules' }>;

/** An older version says so, and where the one in force is. */
function OlderVersionNotice({ view }: { view: ShownRules }) {
  if (view.currentVersion === view.version) return null;
  return (
    <Callout tone="warning" icon={TriangleAlert}>
      {view.currentVersion === null ? (
        <p>These rules are no longer in force: the contest has no official rules now.</p>
      ) : (
        <p>
          This is an earlier version.{' '}
          <a href={rulesPagePath(view.contestId)} className="font-semibold underline">
            Read the rules in force (version {view.currentVersion})
          </a>
        </p>
      )}
    </Callout>
  );
}

function RulesText({ view }: { view: ShownRules }) {
  return (
    <>
      <header className="grid gap-2">
        <p className="flex items-center gap-1.5 text-sm font-semibold text-primary">
          <ScrollText aria-hidden className="size-4" />
          Version {view.version}, in force from {view.publishedOn}
        </p>
        <h1 className="break-words text-2xl font-extrabold leading-tight sm:text-3xl">
          Official rules — {view.contestTitle}
        </h1>
        <a
          href={rulesTextPath(view.contestId, view.version)}
          className="tap-target inline-flex w-fit items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
        >
          <FileText aria-hidden className="size-4" />
          The same rules as plain text
        </a>
      </header>
      <OlderVersionNotice view={view} />
      <Card className="p-5 sm:p-8">
        {/* The text exactly as published: its own line breaks, wrapped to the screen. */}
        <div className="whitespace-pre-wrap break-words text-sm leading-relaxed">{view.text}</div>
      </Card>
    </>
  );
}

/**
 * /c/{id}/rules (docs/product.md#official-rules): the contest's official rules, one version, as
 * plain as their text. The server renders it and never hydrates it.
 */
export function RulesScreen({ view }: { view: RulesPageView }) {
  return (
    <PublicFrame backToContest={view.contestId ?? undefined} wide>
      {view.kind === 'rules' ? (
        <RulesText view={view} />
      ) : (
        <Card className="p-8 text-center">
          <h1 className="text-2xl font-extrabold">Official rules</h1>
          <p className="mt-2 text-muted-foreground">{view.message}</p>
        </Card>
      )}
    </PublicFrame>
  );
}
