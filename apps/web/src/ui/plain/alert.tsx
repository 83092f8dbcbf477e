import { PlainIcon } from './icons';
import './plain.css';

/**
 * A message above a plain form (a failed call's sentence, or what the server said it did): antd's
 * Alert with its icon. Announced when it appears, as antd's is (role="alert").
 */
export const PlainAlert = ({ message, type = 'error' }: { message: string | null; type?: 'error' | 'success' }) =>
  message ? (
    <div role="alert" className={`herd-alert herd-alert-${type}`}>
      <span className="herd-alert-icon">
        <PlainIcon name={type === 'error' ? 'closeCircle' : 'checkCircle'} />
      </span>
      <div>{message}</div>
    </div>
  ) : null;
