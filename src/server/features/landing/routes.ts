import type { FastifyPluginAsync } from 'fastify';
import { builtIndexHtml } from '#server/plugins/client.ts';
import { renderLandingPage } from '#web/app/render-on-server.tsx';

/**
 * A visitor's page is the same for everyone: the app's index.html (one per server) with the
 * landing page's markup in its root, made on the first visit and kept; only the footer's year
 * can change it.
 */
function createVisitorPage() {
  let made: { year: number; page: Promise<string> } | null = null;
  return function visitorPage(template: string): Promise<string> {
    const year = new Date().getFullYear();
    if (made?.year !== year) {
      const page = renderLandingPage().then((markup) =>
        template.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`),
      );
      made = { year, page };
      // A failed render is not kept: the next visit tries again.
      page.catch(() => {
        if (made?.page === page) made = null;
      });
    }
    return made.page;
  };
}

/**
 * A visitor without a session gets the landing page rendered by the server: it paints as soon
 * as the HTML and the style sheet arrive, before any script, and its links work without one
 * (docs/decisions/026-landing-page-rendered-on-the-server.md). A signed-in owner gets the app's
 * page as before, which shows their contests instead.
 */
export const landingRoutes: FastifyPluginAsync = async (app) => {
  const visitorPage = createVisitorPage();
  app.get('/', async (request, reply) => {
    const template = builtIndexHtml(app);
    // Which of the two pages depends on the session cookie.
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie');
    return reply.send(request.user ? template : await visitorPage(template));
  });
};
