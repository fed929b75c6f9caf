/**
 * What issue 31's brand costs the entry path: POST entry on one hot contest that mails every
 * entrant (double opt-in) and shows a brand of its own (name, colour, a button after entering), so
 * that every batch reads the brand a mail shows with the contest's lock, against the server as it
 * was before the brand (which creates the same contest without the fields it does not know).
 */
import {
  compareEntryPath,
  reportEntryPath,
  type ComparisonResult,
} from './lib/entry-path-comparison.ts';

/** The usual bounds: entries/s within 5%, CPU per 1,000 entries within 10%. */
const TARGETS = { throughputFloor: 0.95, cpuCeiling: 1.1 };

export function benchEntriesBrand(): Promise<ComparisonResult> {
  return compareEntryPath({
    // The last commit before the brand's.
    beforeRevision: process.env.BENCH_BRAND_BEFORE_REVISION ?? 'c8e2318',
    beforeLabel: 'before the brand',
    contestSettings: {
      requireConfirmation: true,
      brand: {
        brandName: 'Coach Ana Fitness',
        brandColor: '#0f766e',
        callToAction: { label: 'Book a free session', url: 'https://coach-ana.example/book' },
      },
    },
    targets: TARGETS,
  });
}

export const reportEntriesBrand = (result: ComparisonResult) => reportEntryPath(result, TARGETS);
