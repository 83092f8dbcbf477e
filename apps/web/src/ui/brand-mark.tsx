import { DEFAULT_MAIN_COLOR, HIGHLIGHT_COLOR, PRODUCT_NAME } from '@herd/contract/constants';

interface BrandMarkProps {
  size?: number;
  /** Shows the word "Herd" beside the mark. */
  withName?: boolean;
  color?: string;
}

/** Herd's own mark, used where no firm branding applies (sign-in, error screens). */
export const BrandMark = ({ size = 40, withName = false, color = DEFAULT_MAIN_COLOR }: BrandMarkProps) => (
  <span style={{ display: 'inline-flex', alignItems: 'center', gap: size * 0.3 }}>
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill={color} />
      <path d="M18 46V18h7v11h14V18h7v28h-7V35H25v11z" fill="#fff" />
      <circle cx="50" cy="14" r="6" fill={HIGHLIGHT_COLOR} />
    </svg>
    {withName ? <span style={{ fontSize: size * 0.62, fontWeight: 700, letterSpacing: '-0.02em', color: '#1f2a24' }}>{PRODUCT_NAME}</span> : null}
  </span>
);
