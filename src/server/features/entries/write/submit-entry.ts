import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { clientNetworksOf } from '#server/lib/client-networks.ts';
import type { EntryReceipt } from '#shared/contracts/entries.ts';
import { answerAsEntered, screenSubmission, type Submission } from '../screening/screening.ts';
import { enterContest } from './enter-contest.ts';
import type { EntryWriter } from './entry-writer.ts';

export type SubmitOutcome =
  /** Stored, or dropped as a script's and answered exactly as if it had been. */
  | { status: 'entered'; receipt: EntryReceipt }
  /** The contest's queue has no room: try again in a moment. */
  | { status: 'busy' }
  /** The entrant left before it was written: nothing was, and nobody is there to answer. */
  | { status: 'gone' };

/**
 * An entry is a name, an e-mail and the form's few hidden fields (well under 1 KB, as JSON or as
 * a form): no reason to read more of one.
 */
export const ENTRY_BODY_MAX_BYTES = 8 * 1024;

/** A full queue drains in well under a second (decision 014); a few seconds spread the retries. */
export const ENTRY_RETRY_AFTER_SECONDS = 2;

export const ENTRY_QUEUE_FULL_MESSAGE =
  'So many people are entering right now that we could not take yours. Please try again in a few seconds.';

/** The entrant closed the connection: no answer can reach them any more. */
const isClientGone = (request: FastifyRequest) => request.raw.socket?.destroyed === true;

/**
 * One entry, whichever way it came (the API's JSON or the page's plain form): screened and queued
 * for the contest's next batch, which also queues its mail. Refusals are thrown
 * as AppErrors with the messages the entrant reads.
 */
export function createEntrySubmitter(ctx: AppContext, writer: EntryWriter) {
  const appHostname = new URL(ctx.config.appUrl).hostname;
  return async function submitEntry(
    request: FastifyRequest,
    contestId: string,
    submission: Submission,
  ): Promise<SubmitOutcome> {
    const screened = await screenSubmission(ctx, contestId, submission, {
      ...clientNetworksOf(request.ip),
      hostname: appHostname,
    });
    if (screened.verdict === 'drop') {
      return { status: 'entered', receipt: await answerAsEntered(ctx, contestId, submission.name) };
    }
    const entered = await enterContest(writer, ctx.config, contestId, screened.candidate, () =>
      isClientGone(request),
    );
    if (entered.status === 'busy') return { status: 'busy' };
    if (entered.status !== 'accepted') return { status: 'gone' };
    // Its mail, if it gets one, was queued in the entry's own transaction.
    return { status: 'entered', receipt: entered.receipt };
  };
}

export type SubmitEntry = ReturnType<typeof createEntrySubmitter>;
