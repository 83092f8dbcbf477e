import { Alert, Button } from 'antd';
import { Link, useLocation } from 'react-router';
import { showsMfaSetupPrompt, type Profile } from '@herd/contract';
import { routes } from '../../lib/routes';

const SECURITY_TAB = `${routes.settings.root}?tab=security`;

/**
 * Asks a team member whose firm admin requires two-step verification to set it up, on every page
 * until they have (the exact condition is the contract's `showsMfaSetupPrompt`). Not on the
 * security tab itself, where the setup is.
 */
export const MfaSetupPrompt = ({ profile }: { profile: Profile }) => {
  const location = useLocation();
  if (!showsMfaSetupPrompt(profile)) return null;
  if (location.pathname.startsWith(routes.settings.root) && new URLSearchParams(location.search).get('tab') === 'security') return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      title="Your firm requires two-step verification for your account."
      description="Set it up now: it takes a minute with an authenticator app on your phone."
      action={
        <Link to={SECURITY_TAB}>
          <Button type="primary" size="small">
            Set it up
          </Button>
        </Link>
      }
    />
  );
};
