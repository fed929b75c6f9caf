import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import {
  findContest,
  findContestByAddress,
  isVisibleTo,
} from '#server/features/contests/service.ts';
import { issueFormToken, readFormToken } from '#server/lib/form-token.ts';
import { ENTRY_MIN_FILL_MS } from '#shared/constants.ts';
import { contestPagePath } from '#shared/contracts/contest-slugs.ts';
import { emptyEntryPageState, type EntryRefusal } from '#shared/contracts/entries.ts';
import { entryTermChecks, shownEntryFields } from '#shared/contracts/entry-terms.ts';
import { isReferralCode, REFERRAL_PARAM } from '#shared/contracts/referrals.ts';
import { readEnteredCookie, rememberEnteredInCookie } from '../core/entered-cookie.ts';
import { referrerNameOf } from '../core/referrer-name.ts';
import { readEntryTerms } from '../screening/read-entry-terms.ts';
import { readSubmission } from '../screening/screening.ts';
import type { EntrySubmission } from '../write/routes.ts';
import {
  ENTRY_BODY_MAX_BYTES,
  ENTRY_QUEUE_FULL_MESSAGE,
  ENTRY_RETRY_AFTER_SECONDS,
} from '../write/submit-entry.ts';
import { createEntryPages } from './entry-page.ts';

/** The first value of each field, as text (a repeated field is a forged form, not a list). */
function parseFormFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (!Object.hasOwn(fields, name)) fields[name] = value;
  }
  return fields;
}

/** The messages of the fields the form shows, out of a refusal's field errors. */
function formFieldErrors(errors: Record<string, string> = {}): EntryRefusal['fieldErrors'] {
  const shown: EntryRefusal['fieldErrors'] = {};
  for (const field of shownEntryFields) {
    if (typeof errors[field] === 'string') shown[field] = errors[field];
  }
  return shown;
}

/**
 * A plain form's boxes as the entry contract takes them: a ticked box sends "true", an unticked
 * one nothing. Any other value is left as it came, for the contract to refuse.
 */
function withTickedBoxes(fields: Record<string, string>): Record<string, unknown> {
  const read: Record<string, unknown> = { ...fields };
  for (const field of entryTermChecks) {
    if (fields[field] === 'true') read[field] = true;
  }
  return read;
}

const MAX_CONTEST_ID_LENGTH = 100;

const referralCodeIn = (query: Record<string, unknown>) => {
  const code = query[REFERRAL_PARAM];
  return isReferralCode(code) ? code : null;
};

/**
 * The contest's page, /c/{slug} or /c/{id} (docs/product.md#short-links), and its form
 * without JavaScript, which posts to /c/{id}
 * (docs/product.md#the-entry-form-without-javascript): the page's form posts to the page's own
 * address, and the entry goes through exactly what the API's does (screening, the contest's
 * batch, the mail). Taken: a redirect to the page, which then shows the confirmation
 * (post/redirect/get, so a reload sends nothing again). Refused: the same page, with the reason
 * in place and what was typed still in the fields. Its own scope, so that form bodies are read
 * on these routes only.
 */
export const entryPageRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  submission: EntrySubmission;
}> = async (app, { ctx, submission }) => {
  const { writer, submitEntry } = submission;
  const entryPages = createEntryPages(ctx);
  const secret = ctx.config.sessionSecret;

  /**
   * The token a refused form's page carries: the one it was sent with while it is this
   * server's for this contest, so the time since the first page counts and a typo fixed at once
   * is not taken for a script (decision 035); a forged token, or none, gets a fresh one.
   */
  function tokenForNextTry(contestId: string, sent: string | undefined): string | undefined {
    const { kind } = readFormToken(secret, contestId, sent, ctx.clock.now());
    return kind === 'served' || kind === 'expired' ? sent : undefined;
  }

  /**
   * The queue's refusal, as the API's (503, Retry-After, the same message; decision 014), given
   * before the form is read: a refused entry costs its headers, and the connection is closed
   * so nothing it still sends is read. What was typed is not known, so its fields come back
   * empty; its token counts the fill time already spent, so trying again at once is no script's.
   */
  function refuseForNow(reply: FastifyReply, contestId: string, referralCode: string | null) {
    reply.header('retry-after', String(ENTRY_RETRY_AFTER_SECONDS)).header('connection', 'close');
    return entryPages.sendEntryPageById(
      reply,
      contestId,
      {
        referralCode,
        // Nothing is read for this refusal, not even who shared the link.
        referrerName: null,
        entered: null,
        refusal: {
          message: ENTRY_QUEUE_FULL_MESSAGE,
          fieldErrors: {},
          values: { name: '', email: '' },
        },
      },
      {
        statusCode: 503,
        formToken: issueFormToken(secret, contestId, ctx.clock.now() - ENTRY_MIN_FILL_MS),
      },
    );
  }
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: ENTRY_BODY_MAX_BYTES },
    (_request, body, done) => done(null, parseFormFields(body as string)),
  );

  app.get<{ Params: { contestId: string }; Querystring: Record<string, unknown> }>(
    '/c/:contestId',
    async (request, reply) => {
      const { contestId: address } = request.params;
      const found =
        address.length <= MAX_CONTEST_ID_LENGTH ? await findContestByAddress(ctx, address) : null;
      // A draft is not there for visitors, by any of its addresses.
      const contest = found && isVisibleTo(null, found.contest) ? found.contest : null;
      if (contest && !found?.isCanonical) {
        // The id, or a slug given up, moves to the contest's address for good (GET only, so
        // 301), with its query string: a friend's `?ref=` code must survive it.
        const query = request.url.indexOf('?');
        return reply.redirect(
          `${contestPagePath(contest)}${query === -1 ? '' : request.url.slice(query)}`,
          301,
        );
      }
      const referralCode = referralCodeIn(request.query);
      const entered = contest ? readEnteredCookie(request, contest.id) : null;
      return entryPages.sendEntryPage(reply, contest, {
        ...emptyEntryPageState,
        referralCode,
        referrerName:
          contest && !entered ? await referrerNameOf(ctx, contest.id, referralCode) : null,
        entered,
      });
    },
  );

  app.post<{
    Params: { contestId: string };
    Querystring: Record<string, unknown>;
    Body: Record<string, string> | undefined;
  }>(
    '/c/:contestId',
    {
      bodyLimit: ENTRY_BODY_MAX_BYTES,
      // Before the body is read. The writer checks again at submit, for the requests that were
      // already past this point.
      onRequest: async (request, reply) => {
        const { contestId } = request.params;
        if (contestId.length > MAX_CONTEST_ID_LENGTH || writer.hasRoom(contestId)) return;
        return refuseForNow(reply, contestId, referralCodeIn(request.query));
      },
    },
    async (request, reply) => {
      const { contestId } = request.params;
      const contest =
        contestId.length <= MAX_CONTEST_ID_LENGTH ? await findContest(ctx, contestId) : null;
      const fields = request.body ?? {};
      const submitted = withTickedBoxes(fields);
      // What was ticked and chosen, to show again on a refused form (when anything was).
      const { terms } = readEntryTerms(submitted);
      const typedTerms = Object.keys(terms).length > 0 ? { terms } : {};
      const referralCode = isReferralCode(fields.ref) ? fields.ref : null;
      const refuse = async (refusal: Omit<EntryRefusal, 'values'>, statusCode: number) =>
        entryPages.sendEntryPage(
          reply,
          contest,
          {
            referralCode,
            referrerName: contest ? await referrerNameOf(ctx, contest.id, referralCode) : null,
            entered: null,
            refusal: {
              ...refusal,
              values: {
                name: fields.name ?? '',
                email: fields.email ?? '',
                ...typedTerms,
              },
            },
          },
          { statusCode, formToken: tokenForNextTry(contestId, fields.formToken) },
        );

      const read = readSubmission(submitted);
      if (!read.success) return refuse({ message: null, fieldErrors: read.errors }, 400);
      try {
        const outcome = await submitEntry(request, contestId, read.data);
        if (outcome.status === 'gone') return;
        if (outcome.status === 'busy') {
          reply.header('retry-after', String(ENTRY_RETRY_AFTER_SECONDS));
          return refuse({ message: ENTRY_QUEUE_FULL_MESSAGE, fieldErrors: {} }, 503);
        }
        rememberEnteredInCookie(request, reply, outcome.receipt, contest?.slug ?? null);
        // Straight to the page's address: its short link when it has one.
        return reply.redirect(contestPagePath({ id: contestId, slug: contest?.slug ?? null }), 303);
      } catch (error) {
        // A 503 asks the person to try again (the draw is starting, the robot check is out of
        // reach): the page says so; any other failure is the error handler's.
        if (!(error instanceof AppError) || (error.statusCode >= 500 && error.statusCode !== 503)) {
          throw error;
        }
        if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
        const fieldErrors = formFieldErrors(error.fieldErrors);
        const isAboutAField = Object.keys(fieldErrors).length > 0;
        return refuse(
          { message: isAboutAField ? null : error.message, fieldErrors },
          error.statusCode,
        );
      }
    },
  );
};
