import { describe, expect, it } from 'vitest';
import { stitchLayout } from './stitch-photos';

describe('joining the photos of one long receipt', () => {
  it('stacks them top to bottom at one width, the widest photo’s, scaling each to it', () => {
    const layout = stitchLayout([
      { width: 1200, height: 1600 },
      { width: 600, height: 900 },
      { width: 1200, height: 400 },
    ]);
    expect(layout.width).toBe(1200);
    expect(layout.places).toEqual([
      { y: 0, width: 1200, height: 1600 },
      { y: 1600, width: 1200, height: 1800 },
      { y: 3400, width: 1200, height: 400 },
    ]);
    expect(layout.height).toBe(3800);
  });

  it('never wider than the limit, and scaled down as a whole past the pixel limit', () => {
    expect(stitchLayout([{ width: 4000, height: 3000 }]).width).toBe(1600);
    const tall = stitchLayout(Array.from({ length: 12 }, () => ({ width: 3000, height: 4000 })));
    expect(tall.width * tall.height).toBeLessThanOrEqual(16_000_000);
    expect(tall.places.at(-1)!.y + tall.places.at(-1)!.height).toBe(tall.height);
    expect(tall.width).toBeLessThan(1600);
  });
});
