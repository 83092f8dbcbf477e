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
