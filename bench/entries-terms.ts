/**
 * What issue 30's schedule, rules and consent cost the entry path: POST entry on one hot contest
 * with every option on (a start date passed, a zone, official rules with a minimum age and two
 * countries, a consent box), each entry agreeing, declaring its country and ticking the box,
 * against the server as it was before the issue (which creates the same contest without the
 * fields it does not know, and ignores them in the entries).
 */
import {
  compareEntryPath,
  reportEntryPath,
  type ComparisonResult,
} from './lib/entry-path-comparison.ts';

/** Issue 30: entries/s within 5% on PostgreSQL (CPU reported against the usual 10%). */
const TARGETS = { throughputFloor: 0.95, cpuCeiling: 1.1 };

export function benchEntriesTerms(): Promise<ComparisonResult> {
  return compareEntryPath({
    // The last commit before issue 30's work.
    beforeRevision: process.env.BENCH_TERMS_BEFORE_REVISION ?? '263f9b5',
    beforeLabel: 'before issue 30',
    contestSettings: {
      startDate: new Date(Date.now() - 60_000).toISOString(),
      timeZone: 'Europe/Madrid',
      rules: {
        sponsorName: 'Coach Ana Fitness',
        sponsorContact: 'ana@example.com',
        minAge: 18,
        allowedCountries: ['ES', 'PT'],
      },
      consentText: "Send me Coach Ana's weekly tips",
    },
    load: {
      fields: { acceptRules: true, confirmAge: true, country: 'ES', marketingConsent: true },
    },
    targets: TARGETS,
  });
}

export const reportEntriesTerms = (result: ComparisonResult) => reportEntryPath(result, TARGETS);
