const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A firm's colour as #rrggbb, or null when it is not a colour we can use. */
export const normaliseHex = (value: string | null | undefined): string | null => {
  const match = value?.trim().match(HEX);
  if (!match?.[1]) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return `#${hex.toLowerCase()}`;
};

const channel = (hex: string, offset: number) => parseInt(hex.slice(offset, offset + 2), 16) / 255;

/** WCAG relative luminance of a #rrggbb colour. */
export const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((o) => {
    const c = channel(hex, o);
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** Text that stays readable on a firm-chosen background, however light the firm's colour. */
export const readableTextOn = (hex: string): string => (luminance(hex) > 0.4 ? '#1f2a24' : '#ffffff');

/** Mixes a colour towards black (amount < 0) or white (amount > 0), for hover and border shades. */
export const shade = (hex: string, amount: number): string => {
  const target = amount < 0 ? 0 : 255;
  const weight = Math.min(1, Math.abs(amount));
  const parts = [1, 3, 5].map((o) => {
    const c = parseInt(hex.slice(o, o + 2), 16);
    return Math.round(c + (target - c) * weight)
      .toString(16)
      .padStart(2, '0');
  });
  return `#${parts.join('')}`;
};

/** WCAG contrast ratio of two #rrggbb colours (1 to 21; body text needs 4.5). */
export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** What small text needs to be read by people with low vision (WCAG 2.1 AA). */
export const TEXT_CONTRAST = 4.5;

/**
 * A colour darkened only as far as text in it needs to be read on `background` (WCAG AA), keeping its hue:
 * antd's lighter tag and status colours become their readable shades, a dark colour stays as it is.
 */
export const readableOn = (color: string, background: string, ratio = TEXT_CONTRAST): string => {
  let result = normaliseHex(color) ?? color;
  for (let step = 0; step < 40 && contrastRatio(result, background) < ratio; step += 1) result = shade(result, -0.04);
  return result;
};

const RGBA = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)$/;

/** A colour as #rrggbb once drawn over an opaque `background` (antd's greys are translucent ink). */
export const drawnOver = (color: string, background: string): string => {
  const hex = normaliseHex(color);
  if (hex) return hex;
  const match = RGBA.exec(color.trim());
  if (!match) throw new Error(`not a colour: ${color}`);
  const alpha = match[4] === undefined ? 1 : Number(match[4]);
  const parts = [1, 2, 3].map((i, k) => {
    const under = parseInt(background.slice(1 + 2 * k, 3 + 2 * k), 16);
    return Math.round(Number(match[i]) * alpha + under * (1 - alpha))
      .toString(16)
      .padStart(2, '0');
  });
  return `#${parts.join('')}`;
};
