import { z } from 'zod';
import type { RulesVersion, RulesVersionsResponse } from './contest-rules.ts';

/**
 * A contest's official rules as published (docs/product.md#official-rules): the page
 * `/c/{id}/rules`, the exact text `/c/{id}/rules.txt` (both take `?version=N`) and
 * `GET /api/contests/{id}/rules`, every version in ascending order.
 */

export const rulesPagePath = (contestId: string) => `/c/${encodeURIComponent(contestId)}/rules`;

/** The text as stored and hashed; without a version, the one in force now. */
export const rulesTextPath = (contestId: string, version?: number) =>
  `/c/${encodeURIComponent(contestId)}/rules.txt${version === undefined ? '' : `?version=${version}`}`;

export const officialRulesMessages = {
  noRules: 'This contest has no official rules.',
  noSuchVersion: 'This version of the official rules does not exist.',
} as const;

const rulesVersion = z.object({
  version: z.number(),
  publishedAt: z.string(),
  sha256: z.string(),
  text: z.string(),
}) satisfies z.ZodType<RulesVersion>;

/** GET /api/contests/{id}/rules. */
export const rulesVersionsResponse = z.object({
  versions: z.array(rulesVersion),
}) satisfies z.ZodType<RulesVersionsResponse>;

/**
 * What the server-rendered rules page shows: one version of the text, and which version is in
 * force now (the page of an older one says so); or why there is nothing to show.
 */
export type RulesPageView =
  | {
      kind: 'rules';
      contestId: string;
      contestTitle: string;
      version: number;
      /** When this version took effect, as entrants read dates ("Monday, 30 November 2026 …"). */
      publishedOn: string;
      /** The version in force now; null once the owner took the rules away. */
      currentVersion: number | null;
      text: string;
    }
  | { kind: 'missing'; contestId: string | null; message: string };
