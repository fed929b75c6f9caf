import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, DbContext } from '#server/context.ts';
import { contestEntries, entrantLinks, entrantSessions } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { emailKey } from '#server/features/entries/service.ts';
import { createRandomToken, hashToken } from '#server/lib/tokens.ts';
import { entrantLinkMail } from '#server/mail/entrant-templates.ts';
import { enforceLimit } from '#server/plugins/rate-limit.ts';
import { cookiesAreSecure } from '#server/plugins/session.ts';
import {
  ENTRANT_LINK_TTL_MS,
  ENTRANT_SESSION_TTL_MS,
  entrantPageUrl,
  ME_PATH,
  ME_TOKEN_FIELD,
  meMessages,
} from '#shared/contracts/me.ts';

/**
 * How an entrant reaches their own page (docs/product.md#your-entries-me): a link mailed to the
 * mailbox their entries were made with, used once within 15 minutes, opens a session of an hour
 * for that mailbox (its folded address), kept in a cookie only the page's calls receive. Tokens
 * and session ids are 32 random bytes, stored as SHA-256.
 */

const ENTRANT_COOKIE = 'pw_entrant';
const COOKIE_PATH = '/api/me';

/** Links mailed to one mailbox: enough for a lost mail, too few to flood an inbox. */
const LINKS_PER_MAILBOX = { max: 3, windowMs: 60 * 60 * 1000 };

const after = (milliseconds: number) => sql`now() + ${milliseconds} * interval '1 millisecond'`;

/**
 * Counts the request against the mailbox's limit, then lets the answer go before anything is
 * looked up: the answer and its timing are the same whether or not the address has entries
 * (decision 011). Only then is a link mailed, and only to a mailbox with entries.
 */
export async function requestEntrantLink(ctx: AppContext, email: string, reply: FastifyReply) {
  const mailbox = emailKey(email);
  if (ctx.config.rateLimit) {
    await enforceLimit(
      ctx.db,
      `entrant-link ${mailbox}`,
      LINKS_PER_MAILBOX,
      meMessages.tooManyLinks,
    );
  }
  ctx.tasks.runAfterAnswer(reply, 'entrant link', () => mailLinkIfEntered(ctx, mailbox));
}

/**
 * The link goes to the address the newest entry was made with, not the one typed: an alias that
 * folds to the mailbox (a `+tag` at a provider that does not fold it) may be someone else's.
 * The link and its mail commit together.
 */
async function mailLinkIfEntered(ctx: AppContext, mailbox: string) {
  const [newest] = await ctx.db
    .select({ email: contestEntries.email })
    .from(contestEntries)
    .where(and(eq(contestEntries.emailKey, mailbox), isNull(contestEntries.withdrawnAt)))
    .orderBy(desc(contestEntries.entryDate))
    .limit(1);
  if (!newest) return;
  const token = createRandomToken();
  const { appUrl } = ctx.config;
  const url = `${appUrl}${ME_PATH}?${ME_TOKEN_FIELD}=${encodeURIComponent(token)}`;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(entrantLinks).values({
      tokenHash: hashToken(token),
      emailKey: mailbox,
      expiresAt: after(ENTRANT_LINK_TTL_MS),
    });
    await ctx.mail.queue(tx, [
      { ...entrantLinkMail(newest.email, url, entrantPageUrl(appUrl)), purpose: 'entrant-link' },
    ]);
  });
}

/**
 * Spends the link (once, before its expiry: one statement decides, so two presses cannot both
 * succeed) and opens a session for its mailbox in the browser that pressed the button; a session
 * this browser already had ends. Answers the mailbox.
 */
export async function openEntrantSession(
  { db }: DbContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<string> {
  const previous = readSessionId(request);
  const id = createRandomToken();
  const session = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(entrantLinks)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(entrantLinks.tokenHash, hashToken(token)),
          isNull(entrantLinks.usedAt),
          gt(entrantLinks.expiresAt, sql`now()`),
        ),
      )
      .returning({ emailKey: entrantLinks.emailKey });
    if (!link) throw new AppError('DEAD_LINK', meMessages.deadLink);
    if (previous) await tx.delete(entrantSessions).where(eq(entrantSessions.idHash, previous));
    const [opened] = await tx
      .insert(entrantSessions)
      .values({
        idHash: hashToken(id),
        emailKey: link.emailKey,
        expiresAt: after(ENTRANT_SESSION_TTL_MS),
      })
      .returning({ expiresAt: entrantSessions.expiresAt });
    return { mailbox: link.emailKey, expiresAt: opened!.expiresAt };
  });
  reply.setCookie(ENTRANT_COOKIE, id, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: cookiesAreSecure(request),
    signed: true,
    expires: session.expiresAt,
  });
  return session.mailbox;
}

/** The SHA-256 of the browser's session id, when it holds a genuine cookie. */
function readSessionId(request: FastifyRequest): string | null {
  const raw = request.cookies[ENTRANT_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  return unsigned?.valid && unsigned.value ? hashToken(unsigned.value) : null;
}

/** The mailbox whose page this browser has open; 401 without a live session. */
export async function requireEntrant({ db }: DbContext, request: FastifyRequest): Promise<string> {
  const idHash = readSessionId(request);
  const [session] = idHash
    ? await db
        .select({ emailKey: entrantSessions.emailKey })
        .from(entrantSessions)
        .where(and(eq(entrantSessions.idHash, idHash), gt(entrantSessions.expiresAt, sql`now()`)))
    : [];
  if (!session) throw new AppError('UNAUTHORIZED', meMessages.signedOut);
  return session.emailKey;
}

/** Drops the links and sessions whose time has passed; answers how many. */
export async function purgeExpiredEntrantAccess({ db }: DbContext): Promise<number> {
  const links = await db
    .delete(entrantLinks)
    .where(lt(entrantLinks.expiresAt, sql`now()`))
    .returning({ tokenHash: entrantLinks.tokenHash });
  const sessions = await db
    .delete(entrantSessions)
    .where(lt(entrantSessions.expiresAt, sql`now()`))
    .returning({ idHash: entrantSessions.idHash });
  return links.length + sessions.length;
}
