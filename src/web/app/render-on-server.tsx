import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import type { ContestBrand } from '#shared/contracts/brand.ts';
import type { ClaimPageView } from '#shared/contracts/claim-page.ts';
import type { PublicContest } from '#shared/contracts/contests.ts';
import type { EntryPageState } from '#shared/contracts/entries.ts';
import type { ConfirmEntryView } from '#shared/contracts/entry-confirmation.ts';
import type { RulesPageView } from '#shared/contracts/official-rules.ts';
import { ClaimScreen } from '#web/features/contest-entry/components/claim-screen.tsx';
import { ConfirmEntryScreen } from '#web/features/contest-entry/components/confirm-entry-screen.tsx';
import { LandingPage } from '#web/features/landing/pages/landing-page.tsx';
import { RulesScreen } from '#web/features/rules/components/rules-screen.tsx';
import { PublicRoot } from './public-root.tsx';

async function renderToHtml(page: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(page);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders the public entry page to HTML on the server with the very components the browser
 * hydrates: the contest is on screen, and its form works, before any script has run.
 */
export function renderContestPage(
  contest: PublicContest,
  pageState: EntryPageState,
): Promise<string> {
  return renderToHtml(
    <PublicRoot contestId={contest.id} initialContest={contest} pageState={pageState} />,
  );
}

/**
 * The landing page as a visitor without a session first sees it, markup the browser hydrates
 * with `LandingRoot` (landing-root.tsx), which renders the same page at /.
 */
export function renderLandingPage(): Promise<string> {
  return renderToHtml(
    <Router ssrPath="/">
      <LandingPage />
    </Router>,
  );
}

/**
 * The page of a double opt-in link (the button, a refusal, or the confirmed entry), sent with no
 * script: it is never hydrated, and its form works as plain HTML.
 */
export function renderConfirmEntryPage(
  view: ConfirmEntryView,
  brand: ContestBrand | null,
): Promise<string> {
  return renderToHtml(<ConfirmEntryScreen view={view} brand={brand} />);
}

/**
 * The page of a winner's claim link (the claim form, Decline's question, the outcome, or why the
 * link no longer claims), sent without the app's script: never hydrated, its forms plain HTML.
 */
export function renderClaimPage(view: ClaimPageView, brand: ContestBrand | null): Promise<string> {
  return renderToHtml(<ClaimScreen view={view} brand={brand} />);
}

/** A contest's official rules page (one version, or why there is none), sent with no script. */
export function renderRulesPage(view: RulesPageView): Promise<string> {
  return renderToHtml(<RulesScreen view={view} />);
}
