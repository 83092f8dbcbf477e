import { Typography } from 'antd';
import { routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { ButtonLink } from '../../../ui/button-link';
import { AuthCard } from '../components/auth-card';

export const XERO_UNAVAILABLE = 'Sign in with Xero is not available yet';

/** /auth/xero/: the Xero sign-in flow is not built yet; say so instead of pretending. */
export const XeroSignInPage = () => {
  usePageTitle('Sign in with Xero');
  return (
    <AuthCard title={XERO_UNAVAILABLE}>
      <Typography.Paragraph type="secondary">
        Signing in with your Xero account is on its way. Until then, sign in with your email and password or ask for a sign-in link by email.
      </Typography.Paragraph>
      <ButtonLink type="primary" block to={routes.auth}>
        Back to sign in
      </ButtonLink>
    </AuthCard>
  );
};
