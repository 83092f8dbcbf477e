import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { PlainIcon } from './icons';
import './plain.css';

interface PlainButtonProps {
  children: ReactNode;
  /** `primary`: the screen's one main action; `default`: another main way, outlined; `link`: a quiet one (back, another way). */
  variant?: 'primary' | 'default' | 'link';
  type?: 'button' | 'submit';
  /** As wide as its container. */
  block?: boolean;
  /** Its request is running: a turning ring, and clicks are ignored until it ends. */
  loading?: boolean;
  onClick?: () => void;
  style?: CSSProperties;
}

/**
 * antd's large Button (primary, default or link) for the plain screens. While loading it keeps its place in
 * the tab order (the disabled attribute would drop focus) and says it is busy.
 */
export const PlainButton = ({ children, variant = 'primary', type = 'button', block = false, loading = false, onClick, style }: PlainButtonProps) => {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      // A second click while the first request runs sends nothing (a submit button would submit the form again).
      event.preventDefault();
      return;
    }
    onClick?.();
  };
  const classes = ['herd-button', `herd-button-${variant}`, block && 'herd-button-block'].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} aria-busy={loading || undefined} onClick={click} style={style}>
      {loading ? (
        <span className="herd-button-icon">
          <PlainIcon name="loading" />
        </span>
      ) : null}
      <span>{children}</span>
    </button>
  );
};
