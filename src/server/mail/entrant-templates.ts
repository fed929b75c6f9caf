import { PRODUCT_NAME } from '#shared/constants.ts';
import { renderMail } from './layout.ts';
import type { Mail } from './transport.ts';

/**
 * The link to an entrant's own page (docs/product.md#your-entries-me), sent only to an address
 * with entries: whoever asked learns nothing from it, the mailbox's owner alone reads it.
 */
export function entrantLinkMail(to: string, url: string, pageUrl: string): Mail {
  return renderMail({
    to,
    subject: `Your entries on ${PRODUCT_NAME}`,
    greetingName: null,
    paragraphs: [
      `Someone asked to see the giveaway entries made with this address on ${PRODUCT_NAME}. The link shows them, lets you download your data, withdraw your marketing consent or withdraw an entry.`,
      'It opens a page with a "Show my entries" button. It works once and expires in 15 minutes.',
    ],
    action: { label: 'Show my entries', url },
    footnote:
      'If you did not ask for this, ignore this email: nothing changes, and nobody else can open the link.',
    entrantPageUrl: pageUrl,
  });
}
