import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests, type Contest } from '#server/db/schema.ts';
import { flatPicture, imageForm } from '#server/testing/images.ts';
import {
  contestBody,
  request,
  seedContest,
  seedUser,
  type SeededUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { csvFileForm } from '#server/testing/uploads.ts';
import type { UploadedImage } from '#shared/contracts/contest-images.ts';

/**
 * Every route of the API, called as each kind of caller, with the status each must get. A route
 * registered without a row here fails the suite: new routes must decide who may call them.
 */

const callers = ['anonymous', 'user', 'owner', 'admin'] as const;
type Caller = (typeof callers)[number];
type Statuses = Record<Caller, number>;

/** A fresh owner with a published contest holding one entry, for each single call. */
type Fixture = { owner: SeededUser; contest: Contest; entryId: string };

type Row = {
  /** `METHOD /path` exactly as registered. */
  route: string;
  call: (as: SeededUser | undefined, fx: Fixture) => ReturnType<typeof request>;
  expected: Statuses;
  /** Puts the fixture in the state the call needs (e.g. a winner to reset). */
  prepare?: (fx: Fixture) => Promise<unknown>;
};

/** A well-formed claim token (43 base64url characters) that no winner was ever sent. */
const UNSENT_CLAIM_TOKEN = 'A'.repeat(43);

const everyone = (status: number): Statuses => ({
  anonymous: status,
  user: status,
  owner: status,
  admin: status,
});
/** Signed-in callers only; the resource (if any) is their own. */
const signedIn = (status: number): Statuses => ({
  anonymous: 401,
  user: status,
  owner: status,
  admin: status,
});
/** The owner's (or an admin's) business; anyone else is told it does not exist. */
const ownerOrAdmin = (status: number): Statuses => ({
  anonymous: 401,
  user: 404,
  owner: status,
  admin: status,
});
/** Admins only; the owner is the account the call acts on, and has no more right than anyone. */
const adminOnly = (status: number): Statuses => ({
  anonymous: 401,
  user: 403,
  owner: 403,
  admin: status,
});

const freshEmail = () => `matrix-${randomUUID().slice(0, 8)}@example.com`;

describe('authorization matrix', () => {
  let t: TestApp;
  const registered = new Set<string>();

  beforeAll(async () => {
    t = await createTestApp({
      onRoute: ({ method, url }) => {
        // HEAD routes mirror their GET twins.
        if (method !== 'HEAD') registered.add(`${method} ${url}`);
      },
    });
  });
  afterAll(() => t.close());

  const c = (fx: Fixture) => `/api/contests/${fx.contest.id}`;
  const logo = flatPicture({ width: 64, height: 64 });
  const uploadLogo = async (fx: Fixture) =>
    request(t, fx.owner, {
      method: 'POST',
      url: `${c(fx)}/images`,
      ...imageForm('logo', await logo),
    });
  const rows: Row[] = [
    // Health and accounts: open to everyone.
    {
      route: 'GET /healthz',
      call: (as) => request(t, as, { method: 'GET', url: '/healthz' }),
      expected: everyone(200),
    },
    {
      route: 'GET /api/login',
      call: (as) => request(t, as, { method: 'GET', url: '/api/login' }),
      expected: everyone(302),
    },
    {
      route: 'GET /api/auth/user',
      call: (as) => request(t, as, { method: 'GET', url: '/api/auth/user' }),
      expected: signedIn(200),
    },
    {
      route: 'POST /api/auth/signup',
      call: (as) =>
        request(t, as, {
          method: 'POST',
          url: '/api/auth/signup',
          payload: { email: freshEmail(), password: 'long enough', firstName: 'M', lastName: 'X' },
        }),
      expected: everyone(201),
    },
    {
      route: 'GET /api/auth/verify-email',
      call: (as) => request(t, as, { method: 'GET', url: '/api/auth/verify-email?token=nope' }),
      expected: everyone(302),
    },
    {
      // Anyone may try a link; it needs the sign-up's password and an unspent token.
      route: 'POST /api/auth/verify-email',
      call: (as) =>
        request(t, as, {
          method: 'POST',
          url: '/api/auth/verify-email',
          payload: { token: 'nope', password: 'whatever' },
        }),
      expected: everyone(400),
    },
    {
      route: 'POST /api/auth/resend-verification',
      call: (as, fx) =>
        request(t, as, {
          method: 'POST',
          url: '/api/auth/resend-verification',
          payload: { email: fx.owner.email },
        }),
      expected: everyone(200),
    },
    {
      route: 'POST /api/auth/login',
      call: (as, fx) =>
        request(t, as, {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: fx.owner.email, password: 'wrong password' },
        }),
      expected: everyone(401),
    },
    {
      route: 'POST /api/auth/logout',
      call: (as) => request(t, as, { method: 'POST', url: '/api/auth/logout' }),
      expected: everyone(200),
    },
    {
      route: 'POST /api/auth/forgot-password',
      call: (as, fx) =>
        request(t, as, {
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: fx.owner.email },
        }),
      expected: everyone(200),
    },
    {
      route: 'POST /api/auth/request-reset-token',
      call: (as, fx) =>
        request(t, as, {
          method: 'POST',
          url: '/api/auth/request-reset-token',
          payload: { email: fx.owner.email },
        }),
      expected: everyone(200),
    },
    {
      route: 'POST /api/auth/reset-password',
      call: (as) =>
        request(t, as, {
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: {
            token: 'not-a-token',
            password: 'long enough',
            confirmPassword: 'long enough',
          },
        }),
      expected: everyone(400),
    },
    {
      route: 'POST /api/auth/manual-reset',
      call: (as, fx) =>
        request(t, as, {
          method: 'POST',
          url: '/api/auth/manual-reset',
          payload: {
            email: fx.owner.email,
            token: 'nope',
            password: 'long enough',
            confirmPassword: 'long enough',
          },
        }),
      expected: everyone(400),
    },

    // Contests: a signed-in user's own list; one contest is its owner's (or an admin's).
    {
      route: 'GET /api/contests',
      call: (as) => request(t, as, { method: 'GET', url: '/api/contests' }),
      expected: signedIn(200),
    },
    {
      route: 'GET /api/contests/entry-counts',
      call: (as) => request(t, as, { method: 'GET', url: '/api/contests/entry-counts' }),
      expected: signedIn(200),
    },
    {
      route: 'POST /api/contests',
      call: (as) =>
        request(t, as, { method: 'POST', url: '/api/contests', payload: contestBody() }),
      expected: signedIn(201),
    },
    // Published: the entry page reads it, so anyone gets its public fields.
    {
      route: 'GET /api/contests/:id',
      call: (as, fx) => request(t, as, { method: 'GET', url: c(fx) }),
      expected: everyone(200),
    },
    {
      route: 'PUT /api/contests/:id',
      call: (as, fx) => request(t, as, { method: 'PUT', url: c(fx), payload: contestBody() }),
      expected: ownerOrAdmin(200),
    },
    {
      route: 'PATCH /api/contests/:id/status',
      call: (as, fx) =>
        request(t, as, { method: 'PATCH', url: `${c(fx)}/status`, payload: { isActive: false } }),
      expected: ownerOrAdmin(200),
    },
    {
      route: 'POST /api/contests/:id/duplicate',
      call: (as, fx) => request(t, as, { method: 'POST', url: `${c(fx)}/duplicate` }),
      expected: ownerOrAdmin(201),
    },
    {
      route: 'DELETE /api/contests/:id',
      call: (as, fx) => request(t, as, { method: 'DELETE', url: c(fx) }),
      expected: ownerOrAdmin(204),
    },
    // A contest's cover and logo are the owner's to change; their files are everyone's to read.
    {
      route: 'POST /api/contests/:id/images',
      call: async (as, fx) =>
        request(t, as, {
          method: 'POST',
          url: `${c(fx)}/images`,
          ...imageForm('logo', await logo),
        }),
      expected: ownerOrAdmin(201),
    },
    {
      route: 'DELETE /api/contests/:id/images/:kind',
      prepare: async (fx) => uploadLogo(fx),
      call: (as, fx) => request(t, as, { method: 'DELETE', url: `${c(fx)}/images/logo` }),
      expected: ownerOrAdmin(204),
    },
    // The account's brand: each signed-in account's own.
    {
      route: 'GET /api/account/brand',
      call: (as) => request(t, as, { method: 'GET', url: '/api/account/brand' }),
      expected: signedIn(200),
    },
    {
      route: 'PUT /api/account/brand',
      call: (as) =>
        request(t, as, {
          method: 'PUT',
          url: '/api/account/brand',
          payload: { brandName: 'Coach Ana Fitness' },
        }),
      expected: signedIn(200),
    },
    {
      route: 'POST /api/account/brand/logo',
      call: async (as) =>
        request(t, as, {
          method: 'POST',
          url: '/api/account/brand/logo',
          ...imageForm('logo', await logo),
        }),
      expected: signedIn(201),
    },
    {
      route: 'DELETE /api/account/brand/logo',
      call: async (as) => {
        const form = imageForm('logo', await logo);
        await request(t, as, { method: 'POST', url: '/api/account/brand/logo', ...form });
        return request(t, as, { method: 'DELETE', url: '/api/account/brand/logo' });
      },
      expected: signedIn(204),
    },
    {
      route: 'GET /media/:key',
      call: async (as, fx) =>
        request(t, as, { method: 'GET', url: (await uploadLogo(fx)).json<UploadedImage>().url }),
      expected: everyone(200),
    },
    // A published contest's link-preview card, to anyone; an old version's address leads on.
    {
      route: 'GET /c/:contestId/share-card/:file',
      call: (as, fx) =>
        request(t, as, { method: 'GET', url: `/c/${fx.contest.id}/share-card/old.png` }),
      expected: everyone(302),
    },

    // Entries: anyone enters and sees the count; the list, import and export are the owner's.
    {
      route: 'POST /api/contests/:contestId/entries',
      call: (as, fx) =>
        request(t, as, {
          method: 'POST',
          url: `${c(fx)}/entries`,
          payload: { name: 'Matrix Entrant', email: freshEmail() },
        }),
      expected: everyone(201),
    },
    {
      route: 'GET /api/contests/:contestId/entries/count',
      call: (as, fx) => request(t, as, { method: 'GET', url: `${c(fx)}/entries/count` }),
      expected: everyone(200),
    },
    {
      route: 'GET /api/contests/:contestId/entries',
      call: (as, fx) => request(t, as, { method: 'GET', url: `${c(fx)}/entries` }),
      expected: ownerOrAdmin(200),
    },
    {
      route: 'POST /api/contests/:contestId/entries/import',
      call: async (as, fx) =>
        request(t, as, {
          method: 'POST',
          url: `${c(fx)}/entries/import`,
          ...csvFileForm(`name,email\nImported,${freshEmail()}\n`),
        }),
      expected: ownerOrAdmin(200),
    },
    {
      route: 'GET /api/contests/:contestId/entries/export',
      call: (as, fx) => request(t, as, { method: 'GET', url: `${c(fx)}/entries/export` }),
      expected: ownerOrAdmin(200),
    },
    {
      route: 'GET /api/contests/:contestId/entries/summary',
      call: (as, fx) => request(t, as, { method: 'GET', url: `${c(fx)}/entries/summary` }),
      expected: ownerOrAdmin(200),
    },
    {
      route: 'DELETE /api/contests/:contestId/entries/:entryId',
      call: (as, fx) => request(t, as, { method: 'DELETE', url: `${c(fx)}/entries/${fx.entryId}` }),
      expected: ownerOrAdmin(204),
    },
    {
      route: 'DELETE /api/contests/:contestId/entries/:entryId/flags/:flag',
      call: (as, fx) =>
        request(t, as, {
          method: 'DELETE',
          url: `${c(fx)}/entries/${fx.entryId}/flags/address-burst`,
        }),
      expected: ownerOrAdmin(200),
    },
    // The owner's review of flagged entries (docs/product.md#flagged-entries).
    {
      route: 'GET /api/contests/:contestId/flag-review',
      call: (as, fx) => request(t, as, { method: 'GET', url: `${c(fx)}/flag-review` }),
      expected: ownerOrAdmin(200),
    },
    {
      route: 'PUT /api/contests/:contestId/flag-review/:flag',
      call: (as, fx) =>
        request(t, as, {
          method: 'PUT',
          url: `${c(fx)}/flag-review/fast-submit`,
          payload: { decision: 'exclude' },
        }),
      expected: ownerOrAdmin(200),
    },
    {
      route: 'PUT /api/contests/:contestId/entries/:entryId/draw-decision',
      call: (as, fx) =>
        request(t, as, {
          method: 'PUT',
          url: `${c(fx)}/entries/${fx.entryId}/draw-decision`,
          payload: { decision: 'include' },
        }),
      expected: ownerOrAdmin(200),
    },
    // Referrals: the owner's top referrers; the public leaderboard (off on this contest, so 404
    // for anyone); an entrant's status page, whose link token decides (a wrong one: 404).
    {
      route: 'GET /api/contests/:contestId/referrers',
      call: (as, fx) => request(t, as, { method: 'GET', url: `${c(fx)}/referrers` }),
      expected: ownerOrAdmin(200),
    },
    {
      route: 'GET /api/contests/:contestId/leaderboard',
      call: (as, fx) => request(t, as, { method: 'GET', url: `${c(fx)}/leaderboard` }),
      expected: everyone(404),
    },
    {
      route: 'GET /api/contests/:contestId/entries/:entryId/status',
      call: (as, fx) =>
        request(t, as, {
          method: 'GET',
          url: `${c(fx)}/entries/${fx.entryId}/status?token=not-the-entrant-s-token`,
        }),
      expected: everyone(404),
    },
    // The entrant's own browser: its entry's state (public to the holder of the entry id), and
    // "Send me my link again" (the same answer for everyone).
    {
      route: 'GET /api/contests/:contestId/entries/:entryId/check',
      call: (as, fx) =>
        request(t, as, { method: 'GET', url: `${c(fx)}/entries/${fx.entryId}/check` }),
      expected: everyone(200),
    },
    {
      route: 'POST /api/contests/:contestId/entries/resend-link',
      call: (as, fx) =>
        request(t, as, {
          method: 'POST',
          url: `${c(fx)}/entries/resend-link`,
          payload: { email: 'nobody@example.com' },
        }),
      expected: everyone(202),
    },
    // The entry form's token and the double opt-in link: public by nature.
    {
      route: 'GET /api/contests/:contestId/entry-form',
      call: (as, fx) => request(t, as, { method: 'GET', url: `${c(fx)}/entry-form` }),
      expected: everyone(200),
    },
    {
      route: 'POST /api/entries/confirm',
      call: (as) =>
        request(t, as, {
          method: 'POST',
          url: '/api/entries/confirm',
          payload: { token: 'x'.repeat(43) },
        }),
      expected: everyone(400),
    },

    // The draw.
    {
      route: 'POST /api/contests/:contestId/winner',
      call: (as, fx) => request(t, as, { method: 'POST', url: `${c(fx)}/winner`, payload: {} }),
      expected: ownerOrAdmin(200),
    },
    {
      route: 'DELETE /api/contests/:contestId/winner',
      call: (as, fx) =>
        request(t, as, {
          method: 'DELETE',
          url: `${c(fx)}/winner`,
          payload: { reason: 'Redrawn by the owner' },
        }),
      expected: ownerOrAdmin(200),
      // A winner drawn as the dashboard draws it (the reset disqualifies it).
      prepare: async (fx) => {
        const drawn = await request(t, fx.owner, { method: 'POST', url: `${c(fx)}/winner` });
        expect(drawn.statusCode, drawn.body).toBe(200);
      },
    },
    {
      route: 'POST /api/contests/:contestId/draws',
      call: (as, fx) =>
        request(t, as, { method: 'POST', url: `${c(fx)}/draws`, payload: { count: 1 } }),
      expected: ownerOrAdmin(200),
    },
    {
      route: 'POST /api/contests/:contestId/draws/:position/disqualify',
      call: (as, fx) =>
        request(t, as, {
          method: 'POST',
          url: `${c(fx)}/draws/1/disqualify`,
          // p 1: the first pick of the draw below, the winner at place 1.
          payload: { p: 1, reason: 'not eligible' },
        }),
      expected: ownerOrAdmin(200),
      // A winner at place 1, and a second entry to replace them.
      prepare: async (fx) => {
        await t.database.db
          .insert(contestEntries)
          .values({ contestId: fx.contest.id, name: 'Second Entrant', email: freshEmail() });
        await t.database.db
          .update(contests)
          .set({ entryCount: 2 })
          .where(eq(contests.id, fx.contest.id));
        const drawn = await request(t, fx.owner, {
          method: 'POST',
          url: `${c(fx)}/draws`,
          payload: {},
        });
        expect(drawn.statusCode, drawn.body).toBe(200);
      },
    },
    // Claims (docs/product.md#claims): the link is the winner's key, whoever holds it; a token
    // nobody was sent finds nothing. The places' list and actions are the owner's.
    {
      route: 'GET /api/claims/:token',
      call: (as) => request(t, as, { method: 'GET', url: `/api/claims/${UNSENT_CLAIM_TOKEN}` }),
      expected: everyone(404),
    },
    {
      route: 'POST /api/claims/:token/accept',
      call: (as) =>
        request(t, as, {
          method: 'POST',
          url: `/api/claims/${UNSENT_CLAIM_TOKEN}/accept`,
          payload: { fullName: 'Fan One', eligible: true, publicityConsent: false },
        }),
      expected: everyone(404),
    },
    {
      route: 'POST /api/claims/:token/decline',
      call: (as) =>
        request(t, as, { method: 'POST', url: `/api/claims/${UNSENT_CLAIM_TOKEN}/decline` }),
      expected: everyone(404),
    },
    {
      route: 'GET /api/contests/:contestId/claims',
      call: (as, fx) => request(t, as, { method: 'GET', url: `${c(fx)}/claims` }),
      expected: ownerOrAdmin(200),
    },
    {
      route: 'POST /api/contests/:contestId/draws/:position/resend',
      call: (as, fx) => request(t, as, { method: 'POST', url: `${c(fx)}/draws/1/resend` }),
      expected: ownerOrAdmin(200),
      // A winner at place 1 whose claim is pending.
      prepare: async (fx) => {
        const drawn = await request(t, fx.owner, { method: 'POST', url: `${c(fx)}/draws` });
        expect(drawn.statusCode, drawn.body).toBe(200);
      },
    },
    {
      route: 'POST /api/contests/:contestId/draws/:position/fulfilment',
      call: (as, fx) =>
        request(t, as, {
          method: 'POST',
          url: `${c(fx)}/draws/1/fulfilment`,
          payload: { status: 'sent' },
        }),
      expected: ownerOrAdmin(200),
      // A winner at place 1 of a contest that needs no claim: the prize may go at once.
      prepare: async (fx) => {
        await t.database.db
          .update(contests)
          .set({ notifyWinners: false })
          .where(eq(contests.id, fx.contest.id));
        const drawn = await request(t, fx.owner, { method: 'POST', url: `${c(fx)}/draws` });
        expect(drawn.statusCode, drawn.body).toBe(200);
      },
    },
    // An entrant's own page (docs/product.md#your-entries-me): a link for anyone (the same 202
    // whatever the address), a session for whoever holds a mailed link, and the entries of that
    // session's mailbox only: an account, even an admin's, is no entrant session.
    {
      route: 'POST /api/me/link',
      call: (as) =>
        request(t, as, { method: 'POST', url: '/api/me/link', payload: { email: freshEmail() } }),
      expected: everyone(202),
    },
    {
      route: 'POST /api/me/session',
      call: (as) =>
        request(t, as, {
          method: 'POST',
          url: '/api/me/session',
          payload: { token: UNSENT_CLAIM_TOKEN },
        }),
      expected: everyone(400),
    },
    {
      route: 'GET /api/me',
      call: (as) => request(t, as, { method: 'GET', url: '/api/me' }),
      expected: everyone(401),
    },
    {
      route: 'GET /api/me/export',
      call: (as) => request(t, as, { method: 'GET', url: '/api/me/export' }),
      expected: everyone(401),
    },
    {
      route: 'POST /api/me/entries/:entryId/withdraw-consent',
      call: (as, fx) =>
        request(t, as, { method: 'POST', url: `/api/me/entries/${fx.entryId}/withdraw-consent` }),
      expected: everyone(401),
    },
    {
      route: 'DELETE /api/me/entries/:entryId',
      call: (as, fx) => request(t, as, { method: 'DELETE', url: `/api/me/entries/${fx.entryId}` }),
      expected: everyone(401),
    },
    {
      // The public record of a published contest: no sign-in (a draft's is its owner's only).
      route: 'GET /api/contests/:contestId/draw-record',
      call: (as, fx) => request(t, as, { method: 'GET', url: `${c(fx)}/draw-record` }),
      expected: everyone(200),
    },
    {
      route: 'GET /api/contests/:contestId/wheel',
      call: (as, fx) => request(t, as, { method: 'GET', url: `${c(fx)}/wheel` }),
      expected: ownerOrAdmin(200),
    },
    {
      route: 'GET /api/contests/:contestId/draws',
      call: (as, fx) => request(t, as, { method: 'GET', url: `${c(fx)}/draws` }),
      expected: ownerOrAdmin(200),
    },

    // The landing page and the share page: rendered into the client build, which the test app
    // does not have (landing-page.test.ts and entry-page.test.ts serve them with one).
    {
      route: 'GET /',
      call: (as) => request(t, as, { method: 'GET', url: '/' }),
      expected: everyone(404),
    },
    {
      route: 'GET /c/:contestId',
      call: (as, fx) => request(t, as, { method: 'GET', url: `/c/${fx.contest.id}` }),
      expected: everyone(404),
    },
    // Its form without JavaScript: anyone enters, and is sent back to the page.
    {
      route: 'POST /c/:contestId',
      call: (as, fx) =>
        request(t, as, {
          method: 'POST',
          url: `/c/${fx.contest.id}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ name: 'Plain Entrant', email: freshEmail() }).toString(),
        }),
      expected: everyone(303),
    },
    // The official rules (rules-versions.test.ts serves a contest with rules, and the page with
    // the client build): anyone once published; the fixture's contest has none.
    {
      route: 'GET /api/contests/:id/rules',
      call: (as, fx) => request(t, as, { method: 'GET', url: `${c(fx)}/rules` }),
      expected: everyone(200),
    },
    {
      route: 'GET /c/:contestId/rules.txt',
      call: (as, fx) => request(t, as, { method: 'GET', url: `/c/${fx.contest.id}/rules.txt` }),
      expected: everyone(404),
    },
    {
      route: 'GET /c/:contestId/rules',
      call: (as, fx) => request(t, as, { method: 'GET', url: `/c/${fx.contest.id}/rules` }),
      expected: everyone(404),
    },
    // The double opt-in link's page and its form (confirm-page.test.ts serves them with one).
    {
      route: 'GET /entries/confirm',
      call: (as) =>
        request(t, as, { method: 'GET', url: `/entries/confirm?token=${'x'.repeat(43)}` }),
      expected: everyone(404),
    },
    {
      route: 'POST /entries/confirm',
      call: (as) =>
        request(t, as, {
          method: 'POST',
          url: '/entries/confirm',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ token: 'x'.repeat(43) }).toString(),
        }),
      expected: everyone(404),
    },
    // The claim link's page and its forms (claim-page.test.ts serves them with one): anyone
    // holding the link.
    {
      route: 'GET /claim',
      call: (as) => request(t, as, { method: 'GET', url: `/claim?token=${'x'.repeat(43)}` }),
      expected: everyone(404),
    },
    {
      route: 'POST /claim',
      call: (as) =>
        request(t, as, {
          method: 'POST',
          url: '/claim',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ token: 'x'.repeat(43), action: 'accept' }).toString(),
        }),
      expected: everyone(404),
    },

    // Administration: admins only. The owner is the account or contest acted on.
    {
      route: 'GET /api/admin/stats',
      call: (as) => request(t, as, { method: 'GET', url: '/api/admin/stats' }),
      expected: adminOnly(200),
    },
    {
      route: 'GET /api/admin/users',
      call: (as) => request(t, as, { method: 'GET', url: '/api/admin/users' }),
      expected: adminOnly(200),
    },
    {
      route: 'GET /api/admin/contests',
      call: (as) => request(t, as, { method: 'GET', url: '/api/admin/contests' }),
      expected: adminOnly(200),
    },
    {
      route: 'GET /api/admin/draws',
      call: (as) => request(t, as, { method: 'GET', url: '/api/admin/draws' }),
      expected: adminOnly(200),
    },
    {
      route: 'PATCH /api/admin/users/:userId/role',
      call: (as, fx) =>
        request(t, as, {
          method: 'PATCH',
          url: `/api/admin/users/${fx.owner.id}/role`,
          payload: { role: 'admin' },
        }),
      expected: adminOnly(200),
    },
    {
      route: 'PATCH /api/admin/users/:userId/status',
      call: (as, fx) =>
        request(t, as, {
          method: 'PATCH',
          url: `/api/admin/users/${fx.owner.id}/status`,
          payload: { isActive: false },
        }),
      expected: adminOnly(200),
    },
    {
      route: 'POST /api/admin/users/:userId/temporary-password',
      call: (as, fx) =>
        request(t, as, {
          method: 'POST',
          url: `/api/admin/users/${fx.owner.id}/temporary-password`,
        }),
      expected: adminOnly(200),
    },
    {
      route: 'DELETE /api/admin/contests/:id',
      call: (as, fx) =>
        request(t, as, { method: 'DELETE', url: `/api/admin/contests/${fx.contest.id}` }),
      expected: adminOnly(200),
    },
    ...['/api/admin/verify-email-direct', '/api/auth/verify-manual'].map((url): Row => ({
      route: `POST ${url}`,
      call: (as, fx) => request(t, as, { method: 'POST', url, payload: { email: fx.owner.email } }),
      expected: adminOnly(200),
    })),
    ...['/api/admin/reset-user-password', '/api/database/reset-password'].map((url): Row => ({
      route: `POST ${url}`,
      call: (as, fx) =>
        request(t, as, {
          method: 'POST',
          url,
          payload: { email: fx.owner.email, newPassword: 'long enough' },
        }),
      expected: adminOnly(200),
    })),
    {
      route: 'POST /api/admin/test-email',
      call: (as, fx) =>
        request(t, as, {
          method: 'POST',
          url: '/api/admin/test-email',
          payload: { email: fx.owner.email },
        }),
      expected: adminOnly(200),
    },
    {
      route: 'GET /api/admin/mail-queue',
      call: (as) => request(t, as, { method: 'GET', url: '/api/admin/mail-queue' }),
      expected: adminOnly(200),
    },
    {
      route: 'POST /api/admin/mail-queue/retry-failed',
      call: (as) => request(t, as, { method: 'POST', url: '/api/admin/mail-queue/retry-failed' }),
      expected: adminOnly(200),
    },
    {
      route: 'POST /api/admin/mail-queue/:mailId/retry',
      // An id no mail has: past the admin check, the answer is the mail's 404.
      call: (as) =>
        request(t, as, {
          method: 'POST',
          url: '/api/admin/mail-queue/0190b3d4-7d7d-7e59-8e6b-2090f7ad3ead/retry',
        }),
      expected: adminOnly(404),
    },
    {
      route: 'GET /api/database/inspect',
      call: (as) => request(t, as, { method: 'GET', url: '/api/database/inspect' }),
      expected: adminOnly(200),
    },
    {
      route: 'GET /api/admin/audit',
      call: (as) => request(t, as, { method: 'GET', url: '/api/admin/audit' }),
      expected: adminOnly(200),
    },
  ];

  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const covered = new Set(rows.map((row) => row.route));
    expect([...registered].filter((route) => !covered.has(route)).sort()).toEqual([]);
    expect([...covered].filter((route) => !registered.has(route)).sort()).toEqual([]);
    expect(covered.size).toBe(rows.length);
  });

  async function freshFixture(): Promise<Fixture> {
    const owner = await seedUser(t);
    const contest = await seedContest(t.database, owner);
    const [entry] = await t.database.db
      .insert(contestEntries)
      .values({
        contestId: contest.id,
        name: 'First Entrant',
        email: freshEmail(),
        flags: ['fast-submit'],
      })
      .returning();
    await t.database.db.update(contests).set({ entryCount: 1 }).where(eq(contests.id, contest.id));
    return { owner, contest, entryId: entry!.id };
  }

  it.each(rows.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const actual: Partial<Statuses> = {};
    for (const caller of callers) {
      // Every call gets its own callers, owner and contest: one call's change (a sign-out, a
      // deactivation, a deletion) never shapes the next.
      const fx = await freshFixture();
      await row.prepare?.(fx);
      const as = {
        anonymous: async () => undefined,
        user: () => seedUser(t),
        owner: async () => fx.owner,
        admin: () => seedUser(t, 'admin'),
      }[caller];
      actual[caller] = (await row.call(await as(), fx)).statusCode;
    }
    expect(actual).toEqual(row.expected);
  });
});
