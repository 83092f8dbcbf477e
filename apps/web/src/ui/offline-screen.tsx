import { useEffect } from 'react';
import { BrandMark } from './brand-mark';

/**
 * The installed app opened with no connection: the person is still signed in, and their work loads
 * as soon as the connection is back (tried again then by itself, or with the button). Drawn without
 * antd, as the loading screen is.
 */
export const OfflineScreen = ({ onRetry }: { onRetry: () => void }) => {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <div className="herd-loading-screen" role="alert">
      <BrandMark size={56} />
      <strong style={{ fontSize: 18 }}>You are offline</strong>
      <span className="herd-secondary" style={{ fontSize: 16, maxWidth: 320, textAlign: 'center' }}>
        Herd cannot reach its server. Your work shows again as soon as you are back online.
      </span>
      <button type="button" className="herd-button herd-button-primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
};
