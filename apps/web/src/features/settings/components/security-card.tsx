import { useState } from 'react';
import { App, Button, Card, Flex, Typography } from 'antd';
import { MessageOutlined, SafetyOutlined } from '@ant-design/icons';
import { countText } from '../../../lib/format';
import { QueryError } from '../../../ui/query-error';
import { useServerError } from '../../../ui/use-server-error';
import { useMfaStatus, useRegenerateRecoveryCodes, useStartTotpSetup } from '../mfa-api';
import { MfaTurnOffModal } from './mfa-turn-off-modal';
import { RecoveryCodesList } from './recovery-codes-list';
import { SmsSetupPanel } from './sms-setup-panel';
import { TotpSetupPanel } from './totp-setup-panel';

const METHOD_NAMES = { TOTP: 'an authenticator app', SMS: 'text-message codes' } as const;

/** On a phone the card is narrower than a long label: a button wraps its text instead of sticking out. */
const WRAPPING = { maxWidth: '100%', height: 'auto', paddingBlock: 6, whiteSpace: 'normal' } as const;

/**
 * Two-step verification of one's own account: set up an authenticator app (the QR image, the key
 * in text, a first code) or text-message codes (a phone, a texted code), switch between them, see
 * how many recovery codes are left and make new ones, and turn it off unless the firm's admin
 * requires it. `pendingLink` is the profile's `totp_qr_link`: an app setup started earlier (in this
 * tab or another) carries on.
 */
export const SecurityCard = ({ pendingLink }: { pendingLink: string | null }) => {
  const status = useMfaStatus();
  const start = useStartTotpSetup();
  const regenerate = useRegenerateRecoveryCodes();
  const { modal } = App.useApp();
  const showError = useServerError();
  // A setup left waiting (the profile still has its link) is shown again, until the person cancels it here.
  const [cancelled, setCancelled] = useState(false);
  const [smsOpen, setSmsOpen] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  const beginTotp = () => start.mutate(undefined, { onSuccess: () => setCancelled(false), onError: (error) => showError(error) });
  const beginSms = () => {
    setCancelled(true);
    setSmsOpen(true);
  };
  const issued = (fresh: string[]) => {
    setSmsOpen(false);
    setCancelled(true);
    setCodes(fresh);
  };
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

  const totpButton = (label: string, primary: boolean) => (
    <Button type={primary ? 'primary' : 'default'} icon={<SafetyOutlined />} onClick={beginTotp} loading={start.isPending} style={WRAPPING}>
      {label}
    </Button>
  );
  // Where texts reach no phone (a sandbox, or no provider) codes by text are not offered at all.
  const smsButton = (label: string) =>
    status.data?.sms_available ? (
      <Button icon={<MessageOutlined />} onClick={beginSms} style={WRAPPING}>
        {label}
      </Button>
    ) : null;

  const body = () => {
    if (codes) return <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />;
    if (status.isPending) return <Typography.Text type="secondary">Loading…</Typography.Text>;
    if (status.isError) return <QueryError error={status.error} title="Could not load your two-step verification" onRetry={() => void status.refetch()} />;
    if (smsOpen) return <SmsSetupPanel onConfirmed={issued} onCancel={() => setSmsOpen(false)} />;
    if (pendingLink && !cancelled) return <TotpSetupPanel link={pendingLink} onConfirmed={issued} onCancel={() => setCancelled(true)} />;
    const { mfa_method: method, mfa_required: required } = status.data;
    if (method) {
      return (
        <Flex vertical gap={12} align="flex-start">
          <Typography.Text>
            Two-step verification is on: you sign in with your password and {METHOD_NAMES[method]}
            {status.data.phone_hint ? ` (${status.data.phone_hint})` : ''}.
          </Typography.Text>
          <Typography.Text type="secondary">{countText(status.data.recovery_codes_left, 'recovery code', 'recovery codes')} left.</Typography.Text>
          <Flex gap={8} wrap>
            <Button onClick={confirmRegenerate} loading={regenerate.isPending} style={WRAPPING}>
              Make new recovery codes
            </Button>
            {method === 'TOTP' ? smsButton('Switch to text messages') : totpButton('Switch to an authenticator app', false)}
            {method === 'SMS' ? smsButton('Change phone number') : null}
            {required ? null : (
              <Button danger onClick={() => setTurningOff(true)} style={WRAPPING}>
                Turn off
              </Button>
            )}
          </Flex>
          {required ? (
            <Typography.Text type="secondary">Your firm’s admin requires two-step verification for you: you can switch method, not turn it off.</Typography.Text>
          ) : null}
        </Flex>
      );
    }
    return (
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text>
          Add a second step to signing in, so a stolen password alone cannot open your account.{' '}
          {status.data.sms_available ? 'Choose how you get the code:' : 'The code comes from an authenticator app (codes by text are not available on this server).'}
        </Typography.Text>
        <Flex gap={8} wrap>
          {totpButton('Set up an authenticator app', true)}
          {smsButton('Use text messages')}
        </Flex>
      </Flex>
    );
  };

  return (
    <Card title="Two-step verification" variant="outlined">
      {body()}
      <MfaTurnOffModal open={turningOff} onClose={() => setTurningOff(false)} />
    </Card>
  );
};
