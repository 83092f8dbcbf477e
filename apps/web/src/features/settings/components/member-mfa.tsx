import { App, Button, Tag } from 'antd';
import type { Coworker } from '@herd/contract';
import { personName } from '../../../lib/format';
import { useServerError } from '../../../ui/use-server-error';
import { useMemberMfa } from '../mfa-api';
import { useChangeGuard } from '../../billing/read-only-guard';

/** Whether a member signs in with a second factor, or has been asked to and has not yet. */
export const MemberMfaTag = ({ coworker }: { coworker: Coworker }) => {
  if (coworker.mfa_method) return <Tag color="success">On</Tag>;
  if (coworker.mfa_enabled) return <Tag color="warning">Required, not set up</Tag>;
  return <Tag>Off</Tag>;
};

/**
 * A firm admin's "Require MFA" (team members only: admins choose for themselves) and "Reset MFA"
 * (for a member who lost their phone: it signs them out and they set it up again).
 */
export const MemberMfaActions = ({ coworker }: { coworker: Coworker }) => {
  const { require, reset } = useMemberMfa();
  const { message, modal } = App.useApp();
  const showError = useServerError();
  // Requiring MFA changes the firm's data; a reset gets a locked-out colleague back in and stays open.
  const guard = useChangeGuard();
  const name = personName(coworker);

  const toggleRequired = () =>
    require.mutate(
      { pk: coworker.pk, required: !coworker.mfa_enabled },
      {
        onSuccess: (answer) => void message.success(answer.mfa_enabled ? `${name} must now use two-step verification` : `Two-step verification is optional for ${name}`),
        onError: (error) => showError(error),
      },
    );
  const confirmReset = () =>
    modal.confirm({
      title: `Reset two-step verification of ${name}?`,
      content:
        'Their authenticator app and recovery codes stop working and they are signed out everywhere. If it is required, they set it up again when they next sign in.',
      okText: 'Reset',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await reset.mutateAsync(coworker.pk);
          void message.success(`Two-step verification of ${name} was reset`);
        } catch (error) {
          showError(error);
        }
      },
    });

  return (
    <>
      {coworker.role === 'TEAM_MEMBER' ? (
        <Button size="small" onClick={toggleRequired} {...guard} loading={require.isPending && require.variables?.pk === coworker.pk}>
          {coworker.mfa_enabled ? 'Stop requiring MFA' : 'Require MFA'}
        </Button>
      ) : null}
      {coworker.mfa_method || coworker.is_mfa_setup ? (
        <Button size="small" danger onClick={confirmReset}>
          Reset MFA
        </Button>
      ) : null}
    </>
  );
};
