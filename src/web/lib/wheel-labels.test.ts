import { describe, expect, it } from 'vitest';
import { WHEEL_COLORS } from './wheel-colors.ts';
import { contrastRatio, labelColorOn, relativeLuminance } from './wheel-labels.ts';

describe('names on the wheel', () => {
  it('computes WCAG contrast', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The palette's violet #6d28d9 against white: 7.1:1.
    expect(contrastRatio('#6d28d9', '#ffffff')).toBeCloseTo(7.1, 1);
  });

  it.each(WHEEL_COLORS)('reads at 4.5:1 or better on the slice colour %s', (slice) => {
    const label = labelColorOn(slice);
    expect(['#ffffff', '#09090b']).toContain(label);
    expect(contrastRatio(slice, label)).toBeGreaterThanOrEqual(4.5);
  });

  it('writes white on dark slices and near-black on light ones', () => {
    expect(labelColorOn('#6d28d9')).toBe('#ffffff');
    expect(labelColorOn('#fbbf24')).toBe('#09090b');
  });
});
