import { Alert } from 'antd';
import { isAccountantSide } from '@herd/contract';
import { routes } from '../../../lib/routes';
import { ButtonLink } from '../../../ui/button-link';
import { useProfile } from '../../auth/api';
import { useBillingInfo } from '../api';
import { CLIENT_READ_ONLY_WORDS, firmReadOnlyWords } from '../read-only-words';

/**
 * Above every signed-in page while the firm is read-only: why, and how to fix
 * it (a link to billing for a firm admin, whom to ask for everyone else). A
 * client is told gently that their accountant's account is paused. Nothing is
 * shown while billing info is loading or could not be read: the server still
 * refuses the changes and says why.
 */
export const ReadOnlyBanner = () => {
  const profile = useProfile();
  const info = useBillingInfo();
  if (!info.data?.read_only) return null;

  const accountant = isAccountantSide(profile.account_type);
  const words = accountant ? firmReadOnlyWords(info.data) : CLIENT_READ_ONLY_WORDS;
  return (
    <Alert
      role="alert"
      banner
      showIcon
      type={accountant ? 'warning' : 'info'}
      title={words.why}
      description={words.fix}
      action={
        words.linkToBilling ? (
          <ButtonLink size="small" type="primary" to={routes.settings.accountantBilling}>
            Go to billing
          </ButtonLink>
        ) : null
      }
    />
  );
};
