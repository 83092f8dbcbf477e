import { useState } from 'react';
import { App, Button, Card, Flex, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { countText } from '../../../lib/format';
import { QueryError } from '../../../ui/query-error';
import { useServerError } from '../../../ui/use-server-error';
import { useMfaStatus, useRegenerateRecoveryCodes, useStartTotpSetup } from '../mfa-api';
import { RecoveryCodesList } from './recovery-codes-list';
import { TotpSetupPanel } from './totp-setup-panel';

const METHOD_NAMES = { TOTP: 'an authenticator app', SMS: 'text-message codes' } as const;

/**
 * Two-step verification of one's own account: set up an authenticator app (the QR image, the key
 * in text, a first code), see how many recovery codes are left and make new ones. `pendingLink`
 * is the profile's `totp_qr_link`: a setup started earlier (in this tab or another) carries on.
 */
export const SecurityCard = ({ pendingLink }: { pendingLink: string | null }) => {
  const status = useMfaStatus();
  const start = useStartTotpSetup();
  const regenerate = useRegenerateRecoveryCodes();
  const { modal } = App.useApp();
  const showError = useServerError();
  // A setup left waiting (the profile still has its link) is shown again, until the person cancels it here.
  const [cancelled, setCancelled] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  const beginSetup = () => start.mutate(undefined, { onSuccess: () => setCancelled(false), onError: (error) => showError(error) });
  const confirmRegenerate = () =>
    modal.confirm({
      title: 'Make new recovery codes?',
      content: 'The codes you have now stop working at once.',
      okText: 'Make new codes',
      onOk: async () => {
        try {
          setCodes((await regenerate.mutateAsync()).recovery_codes);
        } catch (error) {
          showError(error);
        }
      },
    });

  const body = () => {
    if (codes) return <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />;
    if (status.isPending) return <Typography.Text type="secondary">Loading…</Typography.Text>;
    if (status.isError) return <QueryError error={status.error} title="Could not load your two-step verification" onRetry={() => void status.refetch()} />;
    const method = status.data.mfa_method;
    if (method) {
      return (
        <Flex vertical gap={12} align="flex-start">
          <Typography.Text>
            Two-step verification is on: you sign in with your password and {METHOD_NAMES[method]}
            {status.data.phone_hint ? ` (${status.data.phone_hint})` : ''}.
          </Typography.Text>
          <Typography.Text type="secondary">{countText(status.data.recovery_codes_left, 'recovery code', 'recovery codes')} left.</Typography.Text>
          <Button onClick={confirmRegenerate} loading={regenerate.isPending}>
            Make new recovery codes
          </Button>
        </Flex>
      );
    }
    if (pendingLink && !cancelled) {
      return <TotpSetupPanel link={pendingLink} onConfirmed={setCodes} onCancel={() => setCancelled(true)} />;
    }
    return (
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text>Add a second step to signing in: a code from an app on your phone, so a stolen password alone cannot open your account.</Typography.Text>
        {/* On a phone the card is narrower than the label: the button wraps its text instead of sticking out. */}
        <Button
          type="primary"
          icon={<SafetyOutlined />}
          onClick={beginSetup}
          loading={start.isPending}
          style={{ maxWidth: '100%', height: 'auto', paddingBlock: 6, whiteSpace: 'normal' }}
        >
          Set up an authenticator app
        </Button>
      </Flex>
    );
  };

  return (
    <Card title="Two-step verification" variant="outlined">
      {body()}
    </Card>
  );
};
