import { describe, expect, it } from 'vitest';
import { resolveContestBrand } from '#shared/contracts/brand.ts';
import { winnerNoticeMail } from './claim-templates.ts';
import { toMailBrand } from './layout.ts';
import { renderEntryMail, type EntryMailTemplate } from './templates.ts';

/**
 * An entrant's mail says whose giveaway it is as its page does (docs/product.md#the-owners-brand):
 * the brand's name and logo head it, its button takes the colour with readable text.
 */
const APP_URL = 'https://giveaways.example';
const confirmation = (brand?: EntryMailTemplate['sender']['brand']): EntryMailTemplate => ({
  kind: 'entry-confirmation',
  sender: { displayName: 'Ana via Prizewheel', ownerName: 'Ana', contestTitle: 'Spring', brand },
  url: `${APP_URL}/entries/confirm?token=x`,
  referral: null,
});

describe("an entrant's mail with the owner's brand", () => {
  it('is headed by the brand name and logo, its button in the brand colour', () => {
    const mail = renderEntryMail(
      'fan@example.com',
      confirmation({
        name: 'Coach Ana Fitness',
        color: '#0f766e',
        logoKey: `${'a'.repeat(64)}.jpg`,
      }),
      APP_URL,
    );
    expect(mail.html).toContain('Coach Ana Fitness');
    expect(mail.html).toContain(`src="${APP_URL}/media/${'a'.repeat(64)}.jpg"`);
    expect(mail.html).toContain('background:#0f766e;color:#ffffff');
    expect(mail.text).toContain("Coach Ana Fitness's giveaway");
    expect(mail.text).toContain('— Coach Ana Fitness, via Prizewheel');
  });

  it('puts dark text on a light colour, and keeps its links in a colour that reads on white', () => {
    const mail = renderEntryMail('fan@example.com', confirmation({ color: '#fde047' }), APP_URL);
    expect(mail.html).toContain('background:#fde047;color:#18181b');
    expect(mail.html).not.toContain('color:#fde047');
  });

  it('looks as before without a brand', () => {
    const mail = renderEntryMail('fan@example.com', confirmation(), APP_URL);
    expect(mail.html).toContain('background:#6d28d9;color:#ffffff');
    expect(mail.text).toContain("Ana's giveaway");
    expect(mail.text.trimEnd().endsWith('— Prizewheel')).toBe(true);
  });

  it("names the brand in a winner's notice, with the logo's mail rendition", () => {
    const logo = {
      width: 300,
      height: 300,
      renditions: [
        { key: `${'b'.repeat(64)}.webp`, format: 'webp' as const, width: 128, height: 128 },
        {
          key: `${'c'.repeat(64)}.jpg`,
          format: 'jpeg' as const,
          width: 128,
          height: 128,
          purpose: 'mail' as const,
        },
      ],
    };
    const brand = toMailBrand(
      resolveContestBrand({}, { brandName: 'Coach Ana Fitness', logo }, undefined),
      APP_URL,
    );
    expect(brand).toEqual({
      name: 'Coach Ana Fitness',
      color: null,
      logoUrl: `${APP_URL}/media/${'c'.repeat(64)}.jpg`,
    });
    const mail = winnerNoticeMail({
      to: 'fan@example.com',
      contestTitle: 'Spring',
      ownerName: 'Ana',
      replyTo: 'ana@example.com',
      position: 1,
      winnersCount: 1,
      prize: 'A bike',
      deadline: new Date('2030-01-01T00:00:00Z'),
      timeZone: 'UTC',
      claimUrl: `${APP_URL}/claim/t`,
      recordUrl: `${APP_URL}/c/1/draw`,
      pageUrl: `${APP_URL}/me`,
      brand: brand!,
    });
    expect(mail.text).toContain("Coach Ana Fitness's giveaway");
    expect(mail.html).toContain(brand!.logoUrl);
    expect(toMailBrand(resolveContestBrand({}, {}, undefined), APP_URL)).toBeUndefined();
  });
});
