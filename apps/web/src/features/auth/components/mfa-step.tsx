import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { otpBody, recoveryCodeBody, type MfaMethod } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { useMfaVerify } from '../api';

const ASKS: Record<MfaMethod, string> = {
  TOTP: 'Enter the 6-digit code your authenticator app shows for Herd.',
  SMS: 'Enter the 6-digit code we sent to your phone by text message.',
};

interface MfaStepProps {
  method: MfaMethod;
  onBack: () => void;
}

/**
 * The second step of signing in, after a right password or link of an account with two-step
 * verification: the code (or a recovery code instead). Success puts the profile in the cache and
 * the page's guard moves on.
 */
export const MfaStep = ({ method, onBack }: MfaStepProps) => {
  const [form] = Form.useForm<{ code: string }>();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verify = useMfaVerify();

  const onFinish = ({ code }: { code: string }) => {
    setError(null);
    // Sent as the server reads it (spaces and dashes dropped), so a retry of the same code is the same request.
    const normalized = (recovery ? recoveryCodeBody : otpBody).shape.code.parse(code);
    verify.mutate({ code: normalized, recovery }, { onError: (err) => setError(applyServerErrors(form, err, ['code'])) });
  };
  const switchKind = () => {
    setRecovery((value) => !value);
    setError(null);
    form.resetFields();
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} name="mfa-step">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Two-step verification
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {recovery ? 'Enter one of the recovery codes you saved when you set up two-step verification. Each code works once.' : ASKS[method]}
      </Typography.Paragraph>
      <FormAlert message={error} />
      {recovery ? (
        <Form.Item key="recovery" label="Recovery code" name="code" rules={[zodRule(recoveryCodeBody.shape.code)]}>
          <Input autoComplete="off" autoCapitalize="none" spellCheck={false} placeholder="abcde-fghij" autoFocus />
        </Form.Item>
      ) : (
        <Form.Item key="otp" label="Code" name="code" rules={[zodRule(otpBody.shape.code)]}>
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={7} placeholder="123456" autoFocus />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={verify.isPending}>
        Verify
      </Button>
      <Button type="link" block onClick={switchKind} style={{ marginTop: 8 }}>
        {recovery ? 'Use the code from my app instead' : 'Use a recovery code'}
      </Button>
      <Button type="link" block onClick={onBack}>
        Back to sign in
      </Button>
    </Form>
  );
};
