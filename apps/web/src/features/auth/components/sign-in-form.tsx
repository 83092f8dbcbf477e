import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { loginBody, type LoginBody } from '@herd/contract/auth';
import type { MfaMethod } from '@herd/contract/enums';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { isMfaChallenge, useSignIn } from '../api';
import { MfaStep } from './mfa-step';

const FIELDS = ['email', 'password'] as const;

/** Email and password. Success puts the profile in the cache; the page's guard then moves on. */
export const SignInForm = ({ notice }: { notice?: string | null }) => {
  const [form] = Form.useForm<LoginBody>();
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(null);
  const [mfa, setMfa] = useState<MfaMethod | null>(null);

  const onFinish = (values: LoginBody) => {
    setError(null);
    setMfa(null);
    signIn.mutate(values, {
      onSuccess: (response) => {
        if (isMfaChallenge(response)) setMfa(response.mfa_method);
      },
      onError: (err) => setError(applyServerErrors(form, err, FIELDS)),
    });
  };

  // The password was right; the account also asks for its second factor.
  if (mfa) return <MfaStep method={mfa} onBack={() => setMfa(null)} />;

  return (
    <Form form={form} layout="vertical" requiredMark={false} validateTrigger="onBlur" onFinish={onFinish} name="sign-in">
      {notice && !error ? <FormAlert type="success" message={notice} /> : null}
      <FormAlert message={error} />
      <Form.Item label="Email" name="email" rules={[zodRule(loginBody.shape.email)]}>
        <Input type="email" autoComplete="username" inputMode="email" autoFocus />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[zodRule(loginBody.shape.password)]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
        Sign in
      </Button>
    </Form>
  );
};
