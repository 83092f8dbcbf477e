import type { ReactNode } from 'react';
import { PlainIcon } from './plain/icons';
import './plain/plain.css';

interface ScreenProblemProps {
  tone: 'warning' | 'error';
  title: string;
  detail: string;
  action: ReactNode;
}

/**
 * A screen that could not be shown: icon, title, what happened, what to do.
 * Laid out like antd's Result, but without antd: this is part of the first
 * download (the error boundary around every screen), it must show when antd's
 * own chunk is the one that failed to load, and Result carries its 403/404/500
 * illustrations wherever it goes.
 */
export const ScreenProblem = ({ tone, title, detail, action }: ScreenProblemProps) => (
  <div className="herd-problem herd-plain">
    <span style={{ display: 'flex', fontSize: 72, color: tone === 'warning' ? 'var(--herd-warning)' : 'var(--herd-error)' }}>
      <PlainIcon name={tone === 'warning' ? 'exclamationCircle' : 'closeCircle'} />
    </span>
    <h3 className="herd-title" style={{ margin: '24px 0 8px' }}>
      {title}
    </h3>
    <span className="herd-secondary">{detail}</span>
    <div style={{ marginTop: 24 }}>{action}</div>
  </div>
);
