import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/** A link being checked, a firm being created: a spinner and what is waited for, announced as a status. */
export const Waiting = ({ children }: { children: ReactNode }) => (
  <div className="herd-status" role="status">
    <Spinner />
    <span className="herd-secondary">{children}</span>
  </div>
);
