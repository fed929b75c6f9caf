import { escapeHtml } from '#server/lib/html.ts';
import { PRODUCT_NAME } from '#shared/constants.ts';
import { brandTextColor, type ContestBrand } from '#shared/contracts/brand.ts';
import type { Mail } from './transport.ts';

/** A link inside a paragraph: its words in the HTML part, its address in the plain text. */
export type LinkParagraph = { before: string; label: string; url: string };

export type Layout = {
  to: string;
  subject: string;
  greetingName: string | null;
  /** Short lines shown above the button (an entrant's mail: the prize and the closing date). */
  facts?: string[];
  paragraphs: (string | LinkParagraph)[];
  action?: { label: string; url: string };
  code?: string;
  footnote: string;
  /**
   * An entrant's mail: the address of their own page, where they see, download and erase their
   * entries (docs/product.md#your-entries-me), on a line of its own under the footnote.
   */
  entrantPageUrl?: string;
  replyTo?: string;
  /** An entrant's mail shows whose giveaway it is: the owner's brand, when they set one. */
  brand?: MailBrand;
};

/**
 * The owner's brand in a mail (docs/product.md#the-owners-brand): the name and logo head it, the
 * button takes the colour with its readable text colour.
 */
export type MailBrand = {
  name: string | null;
  color: string | null;
  /** An absolute address: a mail is read away from the site. */
  logoUrl: string | null;
};

/** A contest's brand as its mails show it; none when the owner set none. */
export function toMailBrand(brand: ContestBrand, appUrl: string): MailBrand | undefined {
  const logo = brand.logo?.renditions.find((file) => file.purpose === 'mail');
  if (!brand.name && !brand.color && !logo) return undefined;
  return { name: brand.name, color: brand.color, logoUrl: logo ? `${appUrl}${logo.url}` : null };
}

const PLATFORM_COLOR = '#6d28d9';

/** The button's colours, and the links' (on white): the brand's where it reads on white. */
function mailColors(brand: MailBrand | undefined) {
  const textColor = brand?.color ? brandTextColor(brand.color) : null;
  if (!brand?.color || !textColor) {
    return { button: PLATFORM_COLOR, buttonText: '#ffffff', link: PLATFORM_COLOR };
  }
  return {
    button: brand.color,
    buttonText: textColor,
    // A light colour carries dark text, and is itself unreadable as text on white.
    link: textColor === '#ffffff' ? brand.color : PLATFORM_COLOR,
  };
}

/** The mail's heading line: the brand's logo and name, else the platform's name. */
function mastheadHtml(brand: MailBrand | undefined, color: string): string {
  const logo = brand?.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" width="40" height="40" alt="" style="border-radius:8px;vertical-align:middle;margin-right:10px">`
    : '';
  const name = brand?.name
    ? `<span style="color:#18181b">${escapeHtml(brand.name)}</span>`
    : `<span style="color:${color}">${PRODUCT_NAME}</span>`;
  return `<p style="font-size:14px;font-weight:700;margin:0 0 16px">${logo}${name}</p>`;
}

/** The words of the line every entrant's mail ends with. */
export const ENTRANT_PAGE_LINE = 'See, download or erase your entries';

const paragraphText = (paragraph: string | LinkParagraph) =>
  typeof paragraph === 'string'
    ? paragraph
    : [paragraph.before, `${paragraph.label}: ${paragraph.url}`].filter(Boolean).join(' ');

const anchor = (label: string, url: string, style: string) =>
  `<a href="${escapeHtml(url)}" style="${style}">${escapeHtml(label)}</a>`;

const paragraphHtml = (paragraph: string | LinkParagraph, linkStyle: string) =>
  typeof paragraph === 'string'
    ? escapeHtml(paragraph)
    : [escapeHtml(paragraph.before), anchor(paragraph.label, paragraph.url, linkStyle)]
        .filter(Boolean)
        .join(' ');

/**
 * Every mail shares one layout: what it is about and its one action first (a reader on a phone
 * sees the button without scrolling), then the greeting, the reason, and why it was sent. The
 * HTML part shows no raw web address: each link is a button or an anchor with words, which is
 * what people recognise as safe to tap and what spam filters expect; the plain-text part keeps
 * the addresses, since it has nothing else to show them with.
 */
export function renderMail(layout: Layout): Mail {
  const greeting = layout.greetingName ? `Hi ${layout.greetingName},` : 'Hi,';
  const facts = layout.facts ?? [];
  const text = [
    greeting,
    '',
    ...(facts.length > 0 ? [...facts, ''] : []),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    ...layout.paragraphs.flatMap((paragraph) => [paragraphText(paragraph), '']),
    ...(layout.code ? [layout.code, ''] : []),
    layout.footnote,
    '',
    ...(layout.entrantPageUrl ? [`${ENTRANT_PAGE_LINE}: ${layout.entrantPageUrl}`, ''] : []),
    layout.brand?.name ? `— ${layout.brand.name}, via ${PRODUCT_NAME}` : `— ${PRODUCT_NAME}`,
  ].join('\n');

  const colors = mailColors(layout.brand);
  const linkStyle = `color:${colors.link};font-weight:600`;
  const button = layout.action
    ? `<p style="margin:24px 0">${anchor(layout.action.label, layout.action.url, `background:${colors.button};color:${colors.buttonText};padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block`)}</p>`
    : '';
  const code = layout.code
    ? `<p style="margin:24px 0"><code style="font-size:15px;background:#f4f4f5;padding:12px;border-radius:8px;display:block;word-break:break-all">${escapeHtml(layout.code)}</code></p>`
    : '';
  const html = `<!doctype html>
<html><body style="margin:0;background:#f4f4f5;font-family:-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b">
<div style="max-width:520px;margin:0 auto;padding:32px 16px">
<div style="background:#ffffff;border-radius:12px;padding:32px">
${mastheadHtml(layout.brand, colors.link)}
<h1 style="font-size:20px;line-height:1.3;margin:0 0 12px">${escapeHtml(layout.subject)}</h1>
${facts.map((fact) => `<p style="margin:4px 0;color:#3f3f46">${escapeHtml(fact)}</p>`).join('\n')}
${button}${code}
<p>${escapeHtml(greeting)}</p>
${layout.paragraphs.map((paragraph) => `<p>${paragraphHtml(paragraph, linkStyle)}</p>`).join('\n')}
<p style="font-size:13px;color:#52525b;margin-top:32px">${escapeHtml(layout.footnote)}</p>
${layout.entrantPageUrl ? `<p style="font-size:13px;color:#52525b">${anchor(ENTRANT_PAGE_LINE, layout.entrantPageUrl, linkStyle)}</p>\n` : ''}</div></div></body></html>`;

  return {
    to: layout.to,
    subject: layout.subject,
    text,
    html,
    links: layout.action ? [layout.action.url] : [],
    ...(layout.replyTo ? { replyTo: layout.replyTo } : {}),
  };
}
