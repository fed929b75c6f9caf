import { describe, expect, it } from 'vitest';
import { shareCardOf, shareCardSvg, shareCardVersion, wrapText } from './share-card.ts';

describe('the link-preview card', () => {
  it('wraps by words, and ends a cut text with an ellipsis', () => {
    expect(wrapText('Summer Shred Challenge Giveaway', 24, 2)).toEqual([
      'Summer Shred Challenge',
      'Giveaway',
    ]);
    expect(wrapText('one two three four five six seven', 9, 2)).toEqual(['one two', 'three…']);
    expect(wrapText('Supercalifragilisticexpialidocious', 10, 2)).toEqual(['Supercali…']);
  });

  it('keeps markup out of the SVG, and a colour that is not hex', () => {
    const svg = shareCardSvg({
      title: '</text><script>alert(1)</script>',
      prize: '"quoted" & <b>',
      brandName: 'Ana',
      color: 'red" onload="x',
      textColor: '#fff" onclick="y',
    });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('onload');
    expect(svg).not.toContain('onclick');
    expect(svg).toContain('&lt;/text&gt;');
  });

  it('changes its version with what it shows, and only then', () => {
    const contest = { title: 'A', prizeDetails: 'B', prizeValue: null, brand: {}, ownerBrand: {} };
    const version = shareCardVersion(shareCardOf(contest));
    expect(shareCardVersion(shareCardOf(contest))).toBe(version);
    expect(shareCardVersion(shareCardOf({ ...contest, title: 'A2' }))).not.toBe(version);
    const branded = { ...contest, ownerBrand: { brandName: 'Coach Ana', brandColor: '#0f766e' } };
    expect(shareCardVersion(shareCardOf(branded))).not.toBe(version);
  });

  it("shows the brand's name and colour, the contest's over the account's, in readable text", () => {
    const contest = { title: 'A', prizeDetails: 'B', prizeValue: null, brand: {}, ownerBrand: {} };
    expect(shareCardOf(contest)).toMatchObject({
      brandName: 'A Prizewheel giveaway',
      color: '#6d28d9',
      textColor: '#ffffff',
    });
    const account = { brandName: 'Coach Ana Fitness', brandColor: '#0f766e' };
    expect(shareCardOf({ ...contest, ownerBrand: account })).toMatchObject({
      brandName: 'A giveaway by Coach Ana Fitness',
      color: '#0f766e',
      textColor: '#ffffff',
    });
    const light = shareCardOf({
      ...contest,
      ownerBrand: account,
      brand: { brandColor: '#fde047' },
    });
    expect(light).toMatchObject({ color: '#fde047', textColor: '#18181b' });
    expect(shareCardSvg(light)).toContain('fill="#18181b"');
  });
});
