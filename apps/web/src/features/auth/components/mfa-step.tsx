import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import type { MfaMethod } from '@herd/contract/enums';
import { otpBody, recoveryCodeBody } from '@herd/contract/mfa';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { useMfaVerify, useSendSignInSms } from '../api';
import { serverErrorText } from '../../../lib/form-errors';

const ASKS: Record<MfaMethod, string> = {
  TOTP: 'Enter the 6-digit code your authenticator app shows for Herd.',
  SMS: 'Enter the 6-digit code we sent to your phone by text message.',
};

interface MfaStepProps {
  method: MfaMethod;
  onBack: () => void;
  /** After the code was right and the profile is in the cache, for a page whose guard does not move on by itself. */
  onSignedIn?: () => void;
}

/**
 * The second step of signing in, after a right password or link of an account with two-step
 * verification: the code (or a recovery code instead). Success puts the profile in the cache and
 * the page's guard moves on.
 */
export const MfaStep = ({ method, onBack, onSignedIn }: MfaStepProps) => {
  const [form] = Form.useForm<{ code: string }>();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verify = useMfaVerify();
  const sendSms = useSendSignInSms();
  const [smsNote, setSmsNote] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const { mutate: mutateSms } = sendSms;
  const textCode = useCallback(
    () =>
      mutateSms(undefined, {
        onSuccess: (answer) => setSmsNote({ type: 'success', text: answer.detail }),
        onError: (err) => setSmsNote({ type: 'error', text: serverErrorText(err) }),
      }),
    [mutateSms],
  );
  const texted = useRef(false);
  useEffect(() => {
    // The person is waiting for the text: it goes out as this step opens (once, StrictMode or not).
    if (method !== 'SMS' || texted.current) return;
    texted.current = true;
    textCode();
  }, [method, textCode]);

  const onFinish = ({ code }: { code: string }) => {
    setError(null);
    // Sent as the server reads it (spaces and dashes dropped), so a retry of the same code is the same request.
    const normalized = (recovery ? recoveryCodeBody : otpBody).shape.code.parse(code);
    verify.mutate({ code: normalized, recovery, method }, { onSuccess: () => onSignedIn?.(), onError: (err) => setError(applyServerErrors(form, err, ['code'])) });
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
      {method === 'SMS' && !recovery && smsNote ? <FormAlert type={smsNote.type} message={smsNote.text} /> : null}
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
      {method === 'SMS' && !recovery ? (
        <Button type="link" block onClick={textCode} loading={sendSms.isPending} style={{ marginTop: 8 }}>
          Send the code again
        </Button>
      ) : null}
      <Button type="link" block onClick={switchKind} style={{ marginTop: method === 'SMS' ? 0 : 8 }}>
        {recovery ? (method === 'SMS' ? 'Use the texted code instead' : 'Use the code from my app instead') : 'Use a recovery code'}
      </Button>
      <Button type="link" block onClick={onBack}>
        Back to sign in
      </Button>
    </Form>
  );
};
