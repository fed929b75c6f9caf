import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookiesAreSecure } from '#server/plugins/session.ts';
import type { EntryReceipt } from '#shared/contracts/entries.ts';

/**
 * A browser without JavaScript has no storage to remember its entry in: the receipt of an entry
 * made with the plain form is kept in a signed cookie of that contest's page instead, so the
 * page answers "You're In!" after the redirect, on a reload and on a later visit, as it does for
 * the script (docs/product.md#the-entry-form-without-javascript). Signed, so nobody can make the
 * page show an entry the server did not answer; only the entrant's own name is in it.
 */
const ENTERED_COOKIE = 'prizewheel_entered';

/** As long as a contest reasonably runs; the page shows the form again once it is gone. */
const ENTERED_COOKIE_MAX_AGE_S = 90 * 24 * 60 * 60;

const pagePath = (contestId: string) => `/c/${encodeURIComponent(contestId)}`;

/**
 * Kept for the page's id address, which the form posts to, and for its short link (when it has
 * one), where the redirect after the entry lands. A short link changed later shows the form
 * again there; the entry itself is kept, and a second one is refused as ever.
 */
export function rememberEnteredInCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  receipt: EntryReceipt,
  slug: string | null,
) {
  const value = Buffer.from(JSON.stringify(receipt)).toString('base64url');
  for (const address of slug ? [receipt.contestId, slug] : [receipt.contestId]) {
    reply.setCookie(ENTERED_COOKIE, value, {
      path: pagePath(address),
      httpOnly: true,
      sameSite: 'lax',
      secure: cookiesAreSecure(request),
      signed: true,
      maxAge: ENTERED_COOKIE_MAX_AGE_S,
    });
  }
}

/** The receipt this browser keeps for the contest, when it keeps a genuine one. */
export function readEnteredCookie(request: FastifyRequest, contestId: string): EntryReceipt | null {
  const raw = request.cookies[ENTERED_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const receipt = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as
      EntryReceipt | undefined;
    return receipt?.contestId === contestId ? receipt : null;
  } catch {
    return null;
  }
}
