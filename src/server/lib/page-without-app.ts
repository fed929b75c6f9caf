import { escapeHtml } from './html.ts';

/**
 * A page the server renders itself (the double opt-in link's, the claim link's) in the built
 * index.html, without the app's scripts: its forms post themselves, and a mail scanner that runs
 * scripts finds none. The style sheet stays; `script`, the page's own small script if it has one,
 * comes after the markup.
 */
export function pageWithoutApp(
  template: string,
  page: { title: string; markup: string; script?: string | null },
): string {
  const script = page.script ? `<script src="${escapeHtml(page.script)}" defer></script>` : '';
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)} – Prizewheel</title>`)
    .replace(/\s*<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/\s*<link\s[^>]*rel="modulepreload"[^>]*>/gi, '')
    .replace('<div id="root"></div>', () => `<div id="root">${page.markup}</div>${script}`);
}
