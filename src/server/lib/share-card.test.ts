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
    });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('onload');
    expect(svg).toContain('&lt;/text&gt;');
  });

  it('changes its version with what it shows, and only then', () => {
    const contest = { title: 'A', prizeDetails: 'B', prizeValue: null };
    expect(shareCardVersion(shareCardOf(contest))).toBe(shareCardVersion(shareCardOf(contest)));
    expect(shareCardVersion(shareCardOf({ ...contest, title: 'A2' }))).not.toBe(
      shareCardVersion(shareCardOf(contest)),
    );
  });
});
