import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { contestEntries, contests } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { readContestBrand } from '#server/features/contests/service.ts';
import {
  firstText,
  pageWithoutApp,
  TOKEN_PAGE_REFERRER_POLICY,
} from '#server/lib/page-without-app.ts';
import { builtIndexHtml } from '#server/plugins/client.ts';
import type { EntryConfirmation, EntryReceipt } from '#shared/contracts/entries.ts';
import {
  CONFIRM_ENTRY_PATH,
  CONFIRM_TOKEN_FIELD,
  confirmRefusalOf,
  confirmRefusals,
  type ConfirmEntryView,
} from '#shared/contracts/entry-confirmation.ts';
import { renderConfirmEntryPage } from '#web/app/render-on-server.tsx';
import { rememberEnteredInCookie } from '../core/entered-cookie.ts';
import { referralLinkFor } from '../core/entrant-keys.ts';
import { confirmEntry, describeConfirmLink } from './confirm.ts';

/** A form of one token (43 characters) and its name: anything much longer is not our form. */
const CONFIRM_BODY_MAX_BYTES = 1024;

const pageTitles: Record<ConfirmEntryView['kind'], string> = {
  ask: 'Confirm your entry',
  refused: 'Your entry',
  confirmed: 'Entry confirmed',
};

/**
 * After the button (which no scanner presses), with a personal link to share, the one small
 * script of this page: Copy and Share (public/share-link.js); the app's own is never loaded here.
 */
const shareScript = (view: ConfirmEntryView) =>
  view.kind === 'confirmed' && view.confirmation.entry.referral ? '/share-link.js' : null;

/**
 * The double opt-in link's page, without JavaScript (docs/product.md#trusted-leads). Opening the
 * link (GET) changes nothing: mail scanners open links, and some run the pages' scripts. The page
 * names the contest, or says why the link cannot confirm, and holds a plain form whose button
 * posts the token; the POST confirms through confirmEntry, as `POST /api/entries/confirm` does,
 * and answers with the result page. Its own scope, so that form bodies are read here only.
 */
export const confirmPageRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: CONFIRM_BODY_MAX_BYTES },
    (_request, body, done) => {
      done(null, { token: new URLSearchParams(body as string).get(CONFIRM_TOKEN_FIELD) ?? '' });
    },
  );

  async function sendPage(
    reply: FastifyReply,
    template: string,
    view: ConfirmEntryView,
    statusCode: number,
  ) {
    // The page wears the contest's brand, as its entry page does (docs/product.md#the-owners-brand).
    const contestId = view.kind === 'confirmed' ? view.confirmation.contestId : view.contest?.id;
    const brand = contestId ? await readContestBrand(ctx.db, contestId) : null;
    const markup = await renderConfirmEntryPage(view, brand);
    return reply
      .status(statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(
        pageWithoutApp(template, {
          title: pageTitles[view.kind],
          markup,
          script: shareScript(view),
        }),
      );
  }

  /**
   * What the entry page shows once the entrant comes back to it: the confirmed entry, with their
   * personal link when they have one. Kept in the page's cookie, as the plain form keeps its
   * entry, so the page stops asking to check the inbox (the script copies it into its memory).
   */
  /**
   * The receipt the entry page will show (its personal link), and the contest's short link,
   * where the page's own links lead: one read of the entry and its contest.
   */
  async function confirmedReceipt(
    confirmation: EntryConfirmation,
  ): Promise<{ receipt: EntryReceipt; slug: string | null }> {
    const [row] = await ctx.db
      .select({ referralCode: contestEntries.referralCode, slug: contests.slug })
      .from(contestEntries)
      .innerJoin(contests, eq(contests.id, contestEntries.contestId))
      .where(eq(contestEntries.id, confirmation.entry.id));
    const referralCode = row?.referralCode;
    const receipt = referralCode
      ? {
          ...confirmation.entry,
          referral: referralLinkFor(ctx.config, confirmation.contestId, {
            id: confirmation.entry.id,
            referralCode,
          }),
        }
      : confirmation.entry;
    return { receipt, slug: row?.slug ?? null };
  }

  app.get<{ Querystring: Record<string, unknown> }>(CONFIRM_ENTRY_PATH, async (request, reply) => {
    const template = builtIndexHtml(app);
    const token = firstText(request.query[CONFIRM_TOKEN_FIELD]);
    const link = await describeConfirmLink(ctx, token);
    reply.header('referrer-policy', TOKEN_PAGE_REFERRER_POLICY);
    if (link.refusal) {
      const view = { kind: 'refused', refusal: link.refusal, contest: link.contest } as const;
      return sendPage(reply, template, view, confirmRefusals[link.refusal].status);
    }
    return sendPage(reply, template, { kind: 'ask', token, contest: link.contest }, 200);
  });

  app.post<{ Body: Record<string, unknown> | undefined }>(
    CONFIRM_ENTRY_PATH,
    { bodyLimit: CONFIRM_BODY_MAX_BYTES },
    async (request, reply) => {
      // Before anything changes: without the built client there is no page to answer with.
      const template = builtIndexHtml(app);
      const token = firstText(request.body?.[CONFIRM_TOKEN_FIELD]);
      try {
        const confirmation = await confirmEntry(ctx, token);
        const { receipt, slug } = await confirmedReceipt(confirmation);
        rememberEnteredInCookie(request, reply, receipt, slug);
        // The page shows the personal link the entry page will show.
        const view = {
          kind: 'confirmed',
          confirmation: { ...confirmation, entry: receipt },
        } as const;
        return await sendPage(reply, template, view, 200);
      } catch (error) {
        const refusal =
          error instanceof AppError ? confirmRefusalOf(error.code, error.message) : null;
        if (!refusal) throw error;
        // The contest, for the way on (its page): read again, as the refusal left it.
        const { contest } = await describeConfirmLink(ctx, token);
        const view = { kind: 'refused', refusal, contest } as const;
        return sendPage(reply, template, view, confirmRefusals[refusal].status);
      }
    },
  );
};
