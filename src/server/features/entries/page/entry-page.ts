import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '#server/context.ts';
import type { Contest } from '#server/db/schema.ts';
import { isVisibleTo, toPublicContest } from '#server/features/contests/service.ts';
import { describeEntryForm } from '#server/lib/entry-form.ts';
import { escapeHtml } from '#server/lib/html.ts';
import { builtIndexHtml } from '#server/plugins/client.ts';
import type { PublicContest } from '#shared/contracts/contests.ts';
import {
  ENTRY_FORM_META,
  ENTRY_PAGE_STATE_ID,
  entryMessages,
  FORM_TOKEN_SLOT,
  type EntryPageState,
} from '#shared/contracts/entries.ts';
import { renderContestPage } from '#web/app/render-on-server.tsx';

/**
 * A viral link is opened thousands of times a minute; the rendering is reused briefly. The
 * least recently opened contests make way once this many are held.
 */
const RENDER_CACHE_MS = 2000;
const RENDER_CACHE_MAX = 500;

/** JSON inside <script> must not be able to close the tag. */
function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

type RenderedPage = { html: string; json: string; stateJson: string | null };

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function previewTags(contest: Contest, url: string): string {
  const prize = contest.prizeValue
    ? `${contest.prizeDetails} (${contest.prizeValue})`
    : contest.prizeDetails;
  const title = shorten(contest.title, 90);
  const description = shorten(`Win ${prize}. ${contest.description}`, 200);
  const tags: [attribute: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Prizewheel'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
  ];
  return tags
    .map(
      ([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`,
    )
    .join('\n    ');
}

/**
 * Made per answer, never cached: the form token says when this page was served, which is how
 * the server tells a person filling in the form from a script posting at once. The plain form
 * carries the same token as the meta tag the script reads.
 */
function withEntryForm(html: string, config: AppContext['config'], contestId: string): string {
  const setup = describeEntryForm(config, contestId);
  const tags = [`<meta name="${ENTRY_FORM_META.formToken}" content="${setup.formToken}" />`];
  if (setup.captchaSiteKey) {
    tags.push(
      `<meta name="${ENTRY_FORM_META.captchaSiteKey}" content="${escapeHtml(setup.captchaSiteKey)}" />`,
    );
  }
  // The robot check runs in the browser: without JavaScript the plain form cannot pass it, so
  // the page says so (outside the app's root, which hydration must find as rendered).
  const notice = setup.captchaSiteKey
    ? `<noscript><p role="alert" class="p-4 text-center text-sm font-medium text-destructive">${escapeHtml(entryMessages.captchaNeedsScript)}</p></noscript>\n    `
    : '';
  // Tokens are digits, a dot and base64url: nothing to escape, in an attribute or anywhere.
  return html
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`)
    .replace('<div id="root">', () => `${notice}<div id="root">`)
    .replaceAll(FORM_TOKEN_SLOT, () => setup.formToken);
}

const isSharedState = (state: EntryPageState) => !state.entered && !state.refusal;

/**
 * /c/{id} is what owners paste into chats and posts, and what entrants open on their phones.
 * Link previews never run JavaScript, so the title, prize and description go into the HTML;
 * the page itself is rendered on the server and hydrated, so it shows before any script runs,
 * and its form works without any script at all (routes.ts).
 */
export function createEntryPages(ctx: AppContext) {
  const rendered = new LRUCache<string, { page: RenderedPage; updatedAt: number }>({
    max: RENDER_CACHE_MAX,
    ttl: RENDER_CACHE_MS,
  });

  /**
   * The markup and the data it was rendered from travel together: hydration needs them to
   * agree. For a couple of seconds a popular contest reuses both (its count may lag by that
   * much; the page polls it), unless the owner has changed the contest meanwhile. A friend's
   * link is as popular as the contest's own, so its code is part of the key; a page made for
   * one visitor (their entry, their refused form) is never reused.
   */
  async function renderPage(contest: Contest, state: EntryPageState): Promise<RenderedPage> {
    const key = `${contest.id}:${state.referralCode ?? ''}`;
    const updatedAt = contest.updatedAt.getTime();
    const isShared = isSharedState(state);
    const cached = isShared ? rendered.get(key) : undefined;
    if (cached?.updatedAt === updatedAt) return cached.page;
    // Exactly what the browser would get from the API.
    const data = JSON.parse(JSON.stringify(toPublicContest(contest))) as PublicContest;
    const hasState = state.referralCode !== null || !isShared;
    const page = {
      html: await renderContestPage(data, state),
      json: embedJson(data),
      stateJson: hasState ? embedJson(state) : null,
    };
    if (isShared) rendered.set(key, { page, updatedAt });
    return page;
  }

  /** The contest's entry page for this visitor, or the app's not-found page. */
  async function sendEntryPage(
    reply: FastifyReply,
    contest: Contest | null | undefined,
    state: EntryPageState,
    statusCode = 200,
  ) {
    const template = builtIndexHtml(reply.server);
    // Asked for afresh each time (its form token is this answer's), and never kept by a shared
    // cache: a page may show this visitor's own entry.
    reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-cache');
    // The page is rendered as anyone sees it; an owner's browser asks the API for more.
    if (!contest || !isVisibleTo(null, contest)) return reply.status(404).send(template);

    const url = `${ctx.config.appUrl}/c/${contest.id}`;
    const page = await renderPage(contest, state);
    // Each insertion comes from a function: a replacement string would read the owner's `$'`,
    // `$&` or `$$` as patterns and copy parts of the template into the page and its JSON.
    const html = template
      .replace(
        /<title>[^<]*<\/title>/,
        () => `<title>${escapeHtml(contest.title)} – Prizewheel</title>`,
      )
      .replace(/<meta\s+name="description"[^>]*>/, '')
      .replace('</head>', () => `    ${previewTags(contest, url)}\n  </head>`)
      .replace('<div id="root"></div>', () =>
        [
          `<div id="root">${page.html}</div>`,
          `<script type="application/json" id="contest-data">${page.json}</script>`,
          page.stateJson === null
            ? ''
            : `<script type="application/json" id="${ENTRY_PAGE_STATE_ID}">${page.stateJson}</script>`,
        ]
          .filter(Boolean)
          .join('\n    '),
      );
    return reply.status(statusCode).send(withEntryForm(html, ctx.config, contest.id));
  }

  return { sendEntryPage };
}

export type EntryPages = ReturnType<typeof createEntryPages>;
