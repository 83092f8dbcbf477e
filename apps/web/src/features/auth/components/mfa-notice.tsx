import { Alert } from 'antd';
import type { MfaMethod } from '@herd/contract';

const METHOD_TEXT: Record<MfaMethod, string> = {
  SMS: 'a code sent to your phone by text message',
  TOTP: 'a code from your authenticator app',
};

/**
 * The password was right, but this account also needs a second factor.
 * Entering the code in the web app is not built yet, so say so plainly.
 */
export const MfaNotice = ({ method }: { method: MfaMethod }) => (
  <Alert
    type="info"
    showIcon
    title="Two-factor sign-in is on for this account"
    description={`Herd will ask for ${METHOD_TEXT[method]}. Entering that code here is not available yet, so this account cannot finish signing in from this page for now.`}
    style={{ marginBottom: 20 }}
  />
);
