import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '#server/context.ts';
import type { Contest } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { describeEntryForm } from '#server/lib/entry-form.ts';
import { escapeHtml } from '#server/lib/html.ts';
import type { PublicContest } from '#shared/contracts/contests.ts';
import { ENTRY_FORM_META } from '#shared/contracts/entries.ts';
import { renderContestPage } from '#web/app/render-on-server.tsx';
import { findContest, isVisibleTo, toPublicContest } from './service.ts';

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

type RenderedPage = { html: string; json: string };

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
 * the server tells a person filling in the form from a script posting at once.
 */
function entryFormTags(config: AppContext['config'], contestId: string): string {
  const setup = describeEntryForm(config, contestId);
  const tags = [`<meta name="${ENTRY_FORM_META.formToken}" content="${setup.formToken}" />`];
  if (setup.captchaSiteKey) {
    tags.push(
      `<meta name="${ENTRY_FORM_META.captchaSiteKey}" content="${escapeHtml(setup.captchaSiteKey)}" />`,
    );
  }
  return tags.join('\n    ');
}

/**
 * /c/{id} is what owners paste into chats and posts, and what entrants open on their phones.
 * Link previews never run JavaScript, so the title, prize and description go into the HTML;
 * the page itself is rendered on the server and hydrated, so it shows before any script runs.
 */
export const sharePageRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const rendered = new LRUCache<string, { page: RenderedPage; updatedAt: number }>({
    max: RENDER_CACHE_MAX,
    ttl: RENDER_CACHE_MS,
  });

  /**
   * The markup and the data it was rendered from travel together: hydration needs them to
   * agree. For a couple of seconds a popular contest reuses both (its count may lag by that
   * much; the page polls it), unless the owner has changed the contest meanwhile.
   */
  async function renderCached(contest: Contest): Promise<RenderedPage> {
    const cached = rendered.get(contest.id);
    const updatedAt = contest.updatedAt.getTime();
    if (cached?.updatedAt === updatedAt) return cached.page;
    // Exactly what the browser would get from the API.
    const data = JSON.parse(JSON.stringify(toPublicContest(contest))) as PublicContest;
    const page = { html: await renderContestPage(data), json: embedJson(data) };
    rendered.set(contest.id, { page, updatedAt });
    return page;
  }

  app.get<{ Params: { contestId: string } }>('/c/:contestId', async (request, reply) => {
    const template = app.clientIndexHtml;
    if (!template) throw new AppError('NOT_FOUND', 'The client is not built.');
    const contest = await findContest(ctx, request.params.contestId);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    // The page is rendered (and cached) as anyone sees it; an owner's browser asks the API for more.
    if (!contest || !isVisibleTo(null, contest)) return reply.status(404).send(template);

    const url = `${ctx.config.appUrl}/c/${contest.id}`;
    const page = await renderCached(contest);
    // Each insertion comes from a function: a replacement string would read the owner's `$'`,
    // `$&` or `$$` as patterns and copy parts of the template into the page and its JSON.
    const html = template
      .replace(
        /<title>[^<]*<\/title>/,
        () => `<title>${escapeHtml(contest.title)} – Prizewheel</title>`,
      )
      .replace(/<meta\s+name="description"[^>]*>/, '')
      .replace(
        '</head>',
        () =>
          `    ${previewTags(contest, url)}\n    ${entryFormTags(ctx.config, contest.id)}\n  </head>`,
      )
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.html}</div>\n    <script type="application/json" id="contest-data">${page.json}</script>`,
      );
    return reply.send(html);
  });
};
