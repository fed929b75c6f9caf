import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { contests } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { readContestBrand } from '#server/features/contests/service.ts';
import {
  firstText,
  pageWithoutApp,
  TOKEN_PAGE_REFERRER_POLICY,
} from '#server/lib/page-without-app.ts';
import { builtIndexHtml } from '#server/plugins/client.ts';
import {
  CLAIM_ACTION_FIELD,
  CLAIM_CHECKBOX_VALUE,
  claimFormFields,
  claimPageActions,
  claimRefusalOf,
  claimRefusals,
  type ClaimFormErrors,
  type ClaimFormValues,
  type ClaimPageAction,
  type ClaimPageView,
  type ClaimPlace,
} from '#shared/contracts/claim-page.ts';
import { CLAIM_PATH, CLAIM_TOKEN_FIELD, type PrizeDelivery } from '#shared/contracts/claims.ts';
import { renderClaimPage } from '#web/app/render-on-server.tsx';
import { findLinkedPlace } from './claim-links.ts';
import { acceptClaim, declineClaim, describeClaim, type ClaimContext } from './service.ts';

/**
 * The form's fields at their longest (100 and 500 characters), each character up to 9 bytes once
 * percent-encoded, with the token and the field names: anything much longer is not our form.
 */
const CLAIM_BODY_MAX_BYTES = 8 * 1024;

/** The form's fields the page reads, each its first value as text. */
const formFieldNames = [CLAIM_TOKEN_FIELD, CLAIM_ACTION_FIELD, ...Object.values(claimFormFields)];
type ClaimForm = Partial<Record<string, string>>;

const pageTitles: Record<ClaimPageView['kind'], string> = {
  pending: 'Claim your prize',
  'confirm-decline': 'Decline the prize?',
  claimed: 'Prize claimed',
  declined: 'Prize declined',
  'not-required': 'Your prize',
  refused: 'Your prize',
};

/**
 * Where the time left ticks (and Decline's question is asked in place), the page's one small
 * script (public/claim-page.js); the app's own is never loaded here.
 */
const pageScript = (view: ClaimPageView) =>
  view.kind === 'pending' || view.kind === 'confirm-decline' ? '/claim-page.js' : null;

/** The API's body of the claim, from the form: the address only for a shipped prize. */
function acceptBodyOf(form: ClaimForm, delivery: PrizeDelivery) {
  return {
    fullName: form.fullName ?? '',
    deliveryAddress: delivery === 'shipping' ? (form.deliveryAddress ?? '') : undefined,
    eligible: form.eligible === CLAIM_CHECKBOX_VALUE,
    publicityConsent: form.publicityConsent === CLAIM_CHECKBOX_VALUE,
  };
}

/** The form's fields as text: a body of another type (JSON) gives none of its other values. */
function formOf(body: unknown): ClaimForm {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return Object.fromEntries(
    formFieldNames.flatMap((name) =>
      typeof fields[name] === 'string' ? [[name, fields[name]]] : [],
    ),
  );
}

/** What the winner typed, to give back beside the errors. */
const valuesOf = (form: ClaimForm): ClaimFormValues => ({
  fullName: form.fullName ?? '',
  deliveryAddress: form.deliveryAddress ?? '',
  eligible: form.eligible === CLAIM_CHECKBOX_VALUE,
  publicityConsent: form.publicityConsent === CLAIM_CHECKBOX_VALUE,
});

const isPageAction = (value: string): value is ClaimPageAction =>
  (claimPageActions as readonly string[]).includes(value);

/**
 * The claim link's page, without the app's JavaScript (docs/product.md#claims). Opening the link
 * (GET) changes nothing: mail scanners open links. The page shows the place as describeClaim
 * describes it, with plain forms that post to the same address: the claim (acceptClaim, as
 * `POST /api/claims/{token}/accept`), Decline's question, which changes nothing, and the
 * decline its button makes (declineClaim). Each is answered with the page. Its own scope, so
 * that form bodies are read here only.
 */
export const claimPageRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: CLAIM_BODY_MAX_BYTES },
    (_request, body, done) => {
      const params = new URLSearchParams(body as string);
      done(null, Object.fromEntries(formFieldNames.map((name) => [name, params.get(name)])));
    },
  );

  const claimContext: ClaimContext = ctx;

  async function sendPage(
    reply: FastifyReply,
    template: string,
    view: ClaimPageView,
    statusCode: number,
  ) {
    // The page wears the contest's brand, as its entry page does (docs/product.md#the-owners-brand).
    const contestId = 'place' in view ? view.place.contestId : view.contest?.id;
    const brand = contestId ? await readContestBrand(ctx.db, contestId) : null;
    const markup = await renderClaimPage(view, brand);
    return reply
      .status(statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('referrer-policy', TOKEN_PAGE_REFERRER_POLICY)
      .send(
        pageWithoutApp(template, {
          title: pageTitles[view.kind],
          markup,
          script: pageScript(view),
        }),
      );
  }

  /** The contest's number of places: "1st place" is said only when there are several. */
  async function placeOf(token: string): Promise<ClaimPlace> {
    const view = await describeClaim(claimContext, token);
    const [contest] = await ctx.db
      .select({ winnersCount: contests.winnersCount })
      .from(contests)
      .where(eq(contests.id, view.contestId));
    return { ...view, winnersCount: contest?.winnersCount ?? 1 };
  }

  /** The page for a link that no longer claims, with its contest when the link is known. */
  async function refusedView(token: string, error: unknown) {
    const refusal = error instanceof AppError ? claimRefusalOf(error.message) : null;
    if (!refusal) throw error;
    const contest =
      refusal === 'unknown'
        ? null
        : await findLinkedPlace(ctx.db, token).then(
            ({ contest: linked }) => ({ id: linked.id, title: linked.title }),
            () => null,
          );
    return {
      view: { kind: 'refused', refusal, contest } as const,
      status: claimRefusals[refusal].status,
    };
  }

  /** The place as it stands now, for a visit of the link or after a form it no longer takes. */
  async function currentView(
    token: string,
  ): Promise<{ view: ClaimPageView; status: number; place?: ClaimPlace }> {
    let place: ClaimPlace;
    try {
      place = await placeOf(token);
    } catch (error) {
      return refusedView(token, error);
    }
    const now = new Date().toISOString();
    switch (place.status) {
      case 'pending':
        return { view: { kind: 'pending', token, place, now }, status: 200, place };
      case 'claimed':
        return { view: { kind: 'claimed', place }, status: 200, place };
      case 'not-required':
        return { view: { kind: 'not-required', place }, status: 200, place };
      default:
        // describeClaim answers 410 for these: a status added later reads as a dead link.
        return { view: { kind: 'refused', refusal: 'dead', contest: null }, status: 410 };
    }
  }

  /** Runs a form's action on a pending place; the place as it stands now when it is not. */
  async function act(
    token: string,
    action: ClaimPageAction,
    form: ClaimForm,
  ): Promise<{ view: ClaimPageView; status: number }> {
    const current = await currentView(token);
    const { place } = current;
    if (current.view.kind !== 'pending' || !place) return current;
    const now = new Date().toISOString();
    try {
      switch (action) {
        case 'decline':
          // The question only: nothing changes until its own button is pressed.
          return { view: { kind: 'confirm-decline', token, place, now }, status: 200 };
        case 'decline-confirmed':
          await declineClaim(claimContext, token);
          return { view: { kind: 'declined', place }, status: 200 };
        case 'accept': {
          const body = acceptBodyOf(form, place.prizeDelivery);
          await acceptClaim(claimContext, token, body);
          const details = {
            fullName: body.fullName.trim(),
            deliveryAddress: body.deliveryAddress?.trim() ?? null,
            publicityConsent: body.publicityConsent,
          };
          return {
            view: { kind: 'claimed', place: { ...place, status: 'claimed' }, details },
            status: 200,
          };
        }
      }
    } catch (error) {
      if (error instanceof AppError && error.code === 'VALIDATION') {
        const errors: ClaimFormErrors = { ...error.fieldErrors };
        return {
          view: { kind: 'pending', token, place, now, values: valuesOf(form), errors },
          status: 400,
        };
      }
      // Settled meanwhile (the deadline, another tab): the page says how it stands now.
      if (error instanceof AppError && error.code === 'DEAD_LINK') return currentView(token);
      throw error;
    }
  }

  app.get<{ Querystring: Record<string, unknown> }>(CLAIM_PATH, async (request, reply) => {
    const template = builtIndexHtml(app);
    const token = firstText(request.query[CLAIM_TOKEN_FIELD]);
    const { view, status } = await currentView(token);
    return sendPage(reply, template, view, status);
  });

  app.post<{ Body: unknown }>(
    CLAIM_PATH,
    { bodyLimit: CLAIM_BODY_MAX_BYTES },
    async (request, reply) => {
      // Before anything changes: without the built client there is no page to answer with.
      const template = builtIndexHtml(app);
      const form = formOf(request.body);
      const token = form[CLAIM_TOKEN_FIELD] ?? '';
      const action = form[CLAIM_ACTION_FIELD] ?? '';
      const { view, status } = isPageAction(action)
        ? await act(token, action, form)
        : await currentView(token);
      return sendPage(reply, template, view, status);
    },
  );
};
