import { escapeHtml } from './html.ts';

/**
 * A page whose URL holds a token (a double opt-in or claim link): other sites must not get it
 * through a Referer. Not `no-referrer`: under it Chromium sends `Origin: null` with the page's
 * form POST, which the origin check refuses (decision 023). `strict-origin` sends our origin and
 * never a path, so the token leaves in no Referer, not even to ourselves.
 */
export const TOKEN_PAGE_REFERRER_POLICY = 'strict-origin';

/** A query or form parameter's first value, as text (a repeated or odd one is no value). */
export function firstText(value: unknown): string {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

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
