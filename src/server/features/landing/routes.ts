import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '#server/errors.ts';
import { renderLandingPage } from '#web/app/render-on-server.tsx';

/** The landing page's markup is the same for every visitor; only its footer's year can change. */
function createLandingRenderer() {
  let rendered: { year: number; html: Promise<string> } | null = null;
  return function renderForThisYear(): Promise<string> {
    const year = new Date().getFullYear();
    if (rendered?.year !== year) {
      const html = renderLandingPage();
      rendered = { year, html };
      // A failed render is not kept: the next visit tries again.
      html.catch(() => {
        if (rendered?.html === html) rendered = null;
      });
    }
    return rendered.html;
  };
}

/**
 * A visitor without a session gets the landing page rendered by the server: it paints as soon
 * as the HTML and the style sheet arrive, before any script, and its links work without one
 * (docs/decisions/026-landing-page-rendered-on-the-server.md). A signed-in owner gets the app's
 * page as before, which shows their contests instead.
 */
export const landingRoutes: FastifyPluginAsync = async (app) => {
  const renderLanding = createLandingRenderer();
  app.get('/', async (request, reply) => {
    const template = app.clientIndexHtml;
    if (!template) throw new AppError('NOT_FOUND', 'The client is not built.');
    // Which of the two pages depends on the session cookie.
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie');
    if (request.user) return reply.send(template);
    const landing = await renderLanding();
    return reply.send(
      template.replace('<div id="root"></div>', () => `<div id="root">${landing}</div>`),
    );
  });
};
