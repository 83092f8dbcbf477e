import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { newPasswordBody } from '@herd/contract/auth';
import { PASSWORD_MIN_LENGTH } from '@herd/contract/messages';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { useFinishPasswordReset } from '../api';

interface ResetPasswordFormProps {
  code: string;
  /** Called with the server's confirmation once the password is set. */
  onDone: (detail: string) => void;
}

/** The form behind a reset email's link (/auth/?reset=<code>). */
export const ResetPasswordForm = ({ code, onDone }: ResetPasswordFormProps) => {
  const [form] = Form.useForm<{ password: string }>();
  const finish = useFinishPasswordReset();
  const [error, setError] = useState<string | null>(null);

  const onFinish = ({ password }: { password: string }) => {
    setError(null);
    finish.mutate(
      { code, password },
      {
        onSuccess: ({ detail }) => onDone(detail),
        onError: (err) => setError(applyServerErrors(form, err, ['password'])),
      },
    );
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} validateTrigger="onBlur" onFinish={onFinish} name="reset-password">
      <FormAlert message={error} />
      <Form.Item label="New password" name="password" rules={[zodRule(newPasswordBody.shape.password)]} extra={`At least ${PASSWORD_MIN_LENGTH} characters.`}>
        <Input.Password autoComplete="new-password" autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={finish.isPending}>
        Set password
      </Button>
    </Form>
  );
};
