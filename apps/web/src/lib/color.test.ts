import { describe, expect, it } from 'vitest';
import { contrastRatio, drawnOver, readableOn, TEXT_CONTRAST } from './color';

describe('readable colours', () => {
  it('darkens a light colour, keeping its hue, only until it reads on its background', () => {
    const green = readableOn('#52c41a', '#f6ffed');
    expect(contrastRatio(green, '#f6ffed')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // One step lighter would not read: no darker than needed.
    expect(contrastRatio(readableOn('#52c41a', '#f6ffed', 4), '#f6ffed')).toBeLessThan(contrastRatio(green, '#f6ffed'));
    const [r, g, b] = [1, 3, 5].map((o) => parseInt(green.slice(o, o + 2), 16)) as [number, number, number];
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
  });

  it('leaves a colour that already reads as it is', () => {
    expect(readableOn('#2F6F5E', '#ffffff')).toBe('#2f6f5e');
  });

  it('draws translucent ink over its background', () => {
    expect(drawnOver('rgba(0, 0, 0, 0.5)', '#ffffff')).toBe('#808080');
    expect(drawnOver('#ABC', '#000000')).toBe('#aabbcc');
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
  });
});
