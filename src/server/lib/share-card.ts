import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Contest } from '#server/db/schema.ts';
import { resolveContestBrand } from '#shared/contracts/brand.ts';
import { escapeHtml } from './html.ts';

/** What a contest without a cover shows in link previews: its words on its colour. */
export type ShareCardContent = {
  title: string;
  prize: string;
  /** Whose giveaway it is, as the page names it. */
  brandName: string;
  /** A hex colour, and the text colour that reads on it (4.5:1 or more). */
  color: string;
  textColor: string;
};

export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;

/** Prizewheel's own purple, the page's accent when the owner's brand has none. */
export const DEFAULT_CARD_COLOR = '#6d28d9';

/** The card of a contest: its brand's name and colour (docs/product.md#the-owners-brand). */
export function shareCardOf(
  contest: Pick<Contest, 'title' | 'prizeDetails' | 'prizeValue' | 'brand' | 'ownerBrand'>,
): ShareCardContent {
  // The card shows no logo: the contest's own logo does not matter here.
  const { name, color, textColor } = resolveContestBrand(
    contest.brand,
    contest.ownerBrand,
    undefined,
  );
  return {
    title: contest.title,
    prize: contest.prizeValue
      ? `${contest.prizeDetails} (${contest.prizeValue})`
      : contest.prizeDetails,
    brandName: name ? `A giveaway by ${name}` : 'A Prizewheel giveaway',
    color: color ?? DEFAULT_CARD_COLOR,
    textColor: textColor ?? '#ffffff',
  };
}

/**
 * The version of a card: the hash of what it shows and of this file's layout, so the card's
 * address changes with its content (and can be cached for ever) and stays put otherwise.
 */
const LAYOUT_VERSION = 1;
export function shareCardVersion(content: ShareCardContent): string {
  return createHash('sha256')
    .update(JSON.stringify([LAYOUT_VERSION, content]))
    .digest('base64url')
    .slice(0, 22);
}

/** Where a contest's card is served: its address names its version. */
export const shareCardPath = (contestId: string, content: ShareCardContent) =>
  `/c/${contestId}/share-card/${shareCardVersion(content)}.png`;

/**
 * Splits text into at most `maxLines` lines of at most `perLine` characters, by words, the last
 * one ending in "…" when the text goes on. SVG does not wrap text by itself; DejaVu Sans, the
 * font a bare Debian has, is about 0.6 em wide per character on average.
 */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    const piece = word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word;
    const next = line ? `${line} ${piece}` : piece;
    if (next.length <= perLine) {
      line = next;
      continue;
    }
    lines.push(line);
    line = piece;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, perLine - 1)}…`;
  return kept;
}

function textLines(lines: string[], x: number, firstY: number, lineHeight: number): string {
  return lines
    .map(
      (line, index) =>
        `<tspan x="${x}" y="${firstY + index * lineHeight}">${escapeHtml(line)}</tspan>`,
    )
    .join('');
}

/** The card as SVG: the brand above, the title large, the prize below, on the brand's colour. */
export function shareCardSvg(content: ShareCardContent): string {
  const { width, height } = SHARE_CARD_SIZE;
  const title = wrapText(content.title, 24, 2);
  const prize = wrapText(`Win ${content.prize}`, 38, 2);
  const prizeY = 250 + title.length * 84 + 40;
  // Only a hex colour reaches the markup.
  const isHex = (value: string) => /^#[0-9a-f]{6}$/i.test(value);
  const color = isHex(content.color) ? content.color : DEFAULT_CARD_COLOR;
  const textColor = isHex(content.textColor) ? content.textColor : '#ffffff';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="100%" height="100%" fill="${color}"/>
  <rect x="60" y="60" width="${width - 120}" height="${height - 120}" rx="36" fill="#ffffff" fill-opacity="0.08"/>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="${textColor}">
    <text font-size="34" font-weight="bold" fill-opacity="0.85">${textLines([content.brandName], 110, 150, 0)}</text>
    <text font-size="68" font-weight="bold">${textLines(title, 110, 250, 84)}</text>
    <text font-size="44">${textLines(prize, 110, prizeY, 56)}</text>
  </g>
</svg>`;
}

/** The card as a PNG, what every link preview reads. */
export function renderShareCard(content: ShareCardContent): Promise<Buffer> {
  return sharp(Buffer.from(shareCardSvg(content)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
