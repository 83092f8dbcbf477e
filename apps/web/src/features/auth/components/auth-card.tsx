import type { ReactNode } from 'react';
import { BrandMark } from '../../../ui/brand-mark';
import '../../../ui/plain/plain.css';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  footer?: ReactNode;
  width?: number;
  children: ReactNode;
}

/**
 * Signed-out pages: Herd's own brand (no firm is known yet), one centred card.
 * Drawn with plain elements in the colours of antd's theme (ui/plain/plain.css),
 * not antd's Card and Typography: the sign-in page downloads no antd at all.
 */
export const AuthCard = ({ title, subtitle, footer, width = 460, children }: AuthCardProps) => (
  <div
    className="herd-plain"
    style={{
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      minHeight: '100vh',
      padding: '40px 16px',
      background: 'radial-gradient(1200px 600px at 50% -10%, #e3ebe4 0%, #f4f6f5 55%, #f4f6f5 100%)',
    }}
  >
    <div style={{ marginBottom: 28 }}>
      <BrandMark size={44} withName />
    </div>
    <main
      style={{
        boxSizing: 'border-box',
        width: '100%',
        maxWidth: width,
        padding: 'clamp(24px, 5vw, 36px)',
        background: 'var(--herd-bg-container)',
        borderRadius: 'var(--herd-radius-lg)',
        boxShadow: '0 10px 40px rgba(31, 42, 36, 0.08), 0 2px 6px rgba(31, 42, 36, 0.04)',
      }}
    >
      <h1 className="herd-title" style={{ fontWeight: 650 }}>
        {title}
      </h1>
      {subtitle ? (
        <p className="herd-secondary" style={{ margin: '6px 0 0' }}>
          {subtitle}
        </p>
      ) : null}
      <div style={{ marginTop: 24 }}>{children}</div>
    </main>
    {footer ? <div style={{ marginTop: 24, textAlign: 'center' }}>{footer}</div> : null}
    <span className="herd-secondary" style={{ marginTop: 32, fontSize: 13 }}>
      Your clients explain their uncategorized transactions. Your books stay clean.
    </span>
  </div>
);
