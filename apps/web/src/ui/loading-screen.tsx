import { LOADING_TEXT } from '@herd/contract/constants';
import { BrandMark } from './brand-mark';
import { Spinner } from './plain/spinner';

/**
 * Full-screen wait while the session is verified or a screen's code loads. Drawn without antd: it is
 * the first thing every visitor sees, before any screen's code (or antd's) has arrived.
 */
export const LoadingScreen = () => (
  <div className="herd-loading-screen" role="status" aria-live="polite">
    <BrandMark size={56} />
    <Spinner />
    <span className="herd-secondary" style={{ fontSize: 16 }}>
      {LOADING_TEXT}
    </span>
  </div>
);
