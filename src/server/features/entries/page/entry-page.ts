import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '#server/context.ts';
import type { Contest } from '#server/db/schema.ts';
import { findContest, isVisibleTo, toPublicContest } from '#server/features/contests/service.ts';
import { describeEntryForm } from '#server/lib/entry-form.ts';
import { escapeHtml } from '#server/lib/html.ts';
import { SHARE_CARD_SIZE, shareCardOf, shareCardPath } from '#server/lib/share-card.ts';
import { builtIndexHtml } from '#server/plugins/client.ts';
import { mediaUrl, toContestImages } from '#shared/contracts/contest-images.ts';
import { contestPagePath } from '#shared/contracts/contest-slugs.ts';
import type { PublicContest } from '#shared/contracts/contests.ts';
import {
  ENTRY_FORM_META,
  ENTRY_PAGE_STATE_ID,
  type EntryFormSetup,
  type EntryPageState,
} from '#shared/contracts/entries.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';
import { COVER_SIZES, coverSrcSet } from '#shared/cover-picture.ts';
import { renderContestPage } from '#web/app/render-on-server.tsx';
import { fillSlots, sharedShape } from './visitor-slots.ts';

/**
 * A viral link is opened thousands of times a minute; the rendering is reused briefly. The
 * least recently used renderings make way once this many are held: a contest has a few at most
 * (visitor-slots.ts), whatever its visitors send.
 */
const RENDER_CACHE_MS = 2000;
const RENDER_CACHE_MAX = 500;
/**
 * A refusal given before anything is read (routes.ts) shows the contest as a page last showed
 * it, up to this long ago, so that a flood of them does not wait for a busy database.
 */
const RECENT_CONTEST_MS = 60_000;

/** JSON inside <script> must not be able to close the tag. */
function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

type RenderedPage = { html: string; json: string };

/** An answer's status (200 unless said), and its form token when it keeps the one sent. */
type AnswerOptions = { statusCode?: number; formToken?: string };

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

type PreviewTag = [attribute: 'property' | 'name', key: string, value: string];

/**
 * The picture link previews show large (WhatsApp, Instagram, X): the cover's 1200x630 crop, or
 * without a cover a card of the contest's title and prize. Absolute addresses: a crawler reads
 * the tag without the page's.
 */
function imagePreviewTags(contest: Contest, appUrl: string, title: string): PreviewTag[] {
  const share = contest.images.cover?.renditions.find((file) => file.purpose === 'share');
  const image = share
    ? { url: `${appUrl}${mediaUrl(share.key)}`, type: 'image/jpeg', ...share }
    : {
        url: `${appUrl}${shareCardPath(contest.id, shareCardOf(contest))}`,
        type: 'image/png',
        ...SHARE_CARD_SIZE,
      };
  return [
    ['property', 'og:image', image.url],
    ['property', 'og:image:type', image.type],
    ['property', 'og:image:width', String(image.width)],
    ['property', 'og:image:height', String(image.height)],
    ['property', 'og:image:alt', title],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:image', image.url],
  ];
}

function previewTags(contest: Contest, url: string, appUrl: string): string {
  const prize = contest.prizeValue
    ? `${contest.prizeDetails} (${contest.prizeValue})`
    : contest.prizeDetails;
  const title = shorten(contest.title, 90);
  const description = shorten(`Win ${prize}. ${contest.description}`, 200);
  const tags: PreviewTag[] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Prizewheel'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ...imagePreviewTags(contest, appUrl, title),
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
 * The cover is the page's largest paint: asked for from the top of the head, before the script
 * and the style sheet, in AVIF at the width the <picture> will choose. A browser without AVIF
 * skips the hint by its type and takes the <picture>'s WebP.
 */
function coverPreloadTag(contest: Contest): string {
  const { cover } = toContestImages(contest.images);
  if (!cover) return '';
  const srcset = escapeHtml(coverSrcSet(cover.renditions, 'avif'));
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${srcset}" imagesizes="${COVER_SIZES}" fetchpriority="high" />\n    `;
}

/**
 * Made per answer, never cached: the form token says when this page was served, which is how
 * the server tells a person filling in the form from a script posting at once. The plain form
 * carries the same token as the meta tag the script reads.
 */
function withEntryForm(html: string, setup: EntryFormSetup): string {
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
    .replace('<div id="root">', () => `${notice}<div id="root">`);
}

/** Held while it is made too: a flood's first requests wait for one rendering, not one each. */
type CachedPage = { page: Promise<RenderedPage>; updatedAt: number };

/**
 * /c/{id} is what owners paste into chats and posts, and what entrants open on their phones.
 * Link previews never run JavaScript, so the title, prize and description go into the HTML;
 * the page itself is rendered on the server and hydrated, so it shows before any script runs,
 * and its form works without any script at all (routes.ts).
 */
export function createEntryPages(ctx: AppContext) {
  const rendered = new LRUCache<string, CachedPage>({
    max: RENDER_CACHE_MAX,
    ttl: RENDER_CACHE_MS,
  });
  const recentContests = new LRUCache<string, Contest>({
    max: RENDER_CACHE_MAX,
    ttl: RECENT_CONTEST_MS,
  });

  async function render(contest: Contest, state: EntryPageState): Promise<RenderedPage> {
    // Exactly what the browser would get from the API.
    const data = JSON.parse(JSON.stringify(toPublicContest(contest))) as PublicContest;
    return { html: await renderContestPage(data, state), json: embedJson(data) };
  }

  const cacheKey = (contestId: string, shapeKey: string) => `${contestId}:${shapeKey}`;

  /**
   * The markup and the data it was rendered from travel together: hydration needs them to
   * agree. For a couple of seconds a popular contest reuses both (its count may lag by that
   * much; the page polls it), unless the owner has changed the contest meanwhile. Each shape of
   * the page is rendered once (visitor-slots.ts): what visitors send (a friend's code, a refused
   * form's text) never becomes a key, so no flood of made-up values pushes the contest's page
   * out. A page showing one visitor's own entry is never reused.
   */
  async function renderPage(contest: Contest, state: EntryPageState): Promise<RenderedPage> {
    const shape = sharedShape(state);
    if (!shape) return render(contest, state);
    const key = cacheKey(contest.id, shape.key);
    const updatedAt = contest.updatedAt.getTime();
    const cached = rendered.get(key);
    if (cached?.updatedAt === updatedAt) return cached.page;
    const page = render(contest, shape.state);
    rendered.set(key, { page, updatedAt });
    // A failed rendering is not kept: the next request tries again.
    page.catch(() => rendered.get(key)?.page === page && rendered.delete(key));
    return page;
  }

  /** The contest's entry page for this visitor, or the app's not-found page. */
  async function sendEntryPage(
    reply: FastifyReply,
    contest: Contest | null | undefined,
    state: EntryPageState,
    { statusCode = 200, formToken }: AnswerOptions = {},
  ) {
    const template = builtIndexHtml(reply.server);
    // Asked for afresh each time (its form token is this answer's), and never kept by a shared
    // cache: a page may show this visitor's own entry.
    reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-cache');
    // The page is rendered as anyone sees it; an owner's browser asks the API for more.
    if (!contest || !isVisibleTo(null, contest)) return reply.status(404).send(template);

    recentContests.set(contest.id, contest);
    const url = `${ctx.config.appUrl}${contestPagePath(contest)}`;
    const page = await renderPage(contest, state);
    const setup = describeEntryForm(ctx.config, contest.id, ctx.clock.now());
    if (formToken) setup.formToken = formToken;
    const hasState =
      state.referralCode !== null || state.entered !== null || state.refusal !== null;
    // Each insertion comes from a function: a replacement string would read the owner's `$'`,
    // `$&` or `$$` as patterns and copy parts of the template into the page and its JSON.
    const html = template
      .replace(
        /<title>[^<]*<\/title>/,
        () => `${coverPreloadTag(contest)}<title>${escapeHtml(contest.title)} – Prizewheel</title>`,
      )
      .replace(/<meta\s+name="description"[^>]*>/, '')
      .replace('</head>', () => `    ${previewTags(contest, url, ctx.config.appUrl)}\n  </head>`)
      .replace('<div id="root"></div>', () =>
        [
          `<div id="root">${fillSlots(page.html, state, setup.formToken)}</div>`,
          `<script type="application/json" id="contest-data">${page.json}</script>`,
          hasState
            ? `<script type="application/json" id="${ENTRY_PAGE_STATE_ID}">${embedJson(state)}</script>`
            : '',
        ]
          .filter(Boolean)
          .join('\n    '),
      );
    return reply.status(statusCode).send(withEntryForm(html, setup));
  }

  /**
   * The page for a contest known by its id only, for the refusals given before anything is read
   * (routes.ts): the contest as a page last showed it (RECENT_CONTEST_MS), and its rendering
   * from the cache, so a flood of them neither reads the database nor renders.
   */
  async function sendEntryPageById(
    reply: FastifyReply,
    contestId: string,
    state: EntryPageState,
    options: AnswerOptions,
  ) {
    const contest = recentContests.get(contestId) ?? (await findContest(ctx, contestId));
    return sendEntryPage(reply, contest, state, options);
  }

  return { sendEntryPage, sendEntryPageById };
}

export type EntryPages = ReturnType<typeof createEntryPages>;
