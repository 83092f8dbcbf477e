import { useState } from 'react';
import { App, Button, Card, Form, Input } from 'antd';
import { details, PASSWORD_MIN_LENGTH, passwordChangeBody } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { useChangePassword } from '../api';

interface PasswordValues {
  current_password?: string;
  new_password: string;
}

const FIELDS = ['current_password', 'new_password'] as const;

/**
 * Change password (users/profile/password/). Someone who only ever used
 * emailed links has no current password and leaves that field empty.
 */
export const PasswordForm = () => {
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);

  const onFinish = ({ current_password, new_password }: PasswordValues) => {
    setError(null);
    const body = current_password ? { current_password, new_password } : { new_password };
    change.mutate(body, {
      onSuccess: () => {
        form.resetFields();
        void message.success(details.passwordChanged);
      },
      onError: (err) => setError(applyServerErrors(form, err, FIELDS)),
    });
  };

  return (
    <Card title="Password" variant="outlined">
      <Form form={form} layout="vertical" requiredMark={false} validateTrigger="onBlur" onFinish={onFinish} name="password" style={{ maxWidth: 640 }}>
        <FormAlert message={error} />
        <Form.Item label="Current password" name="current_password" extra="Leave empty if you have never set a password (you sign in with emailed links).">
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="New password"
          name="new_password"
          rules={[zodRule(passwordChangeBody.shape.new_password)]}
          extra={`At least ${PASSWORD_MIN_LENGTH} characters. Your other signed-in devices will be signed out.`}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Change password
        </Button>
      </Form>
    </Card>
  );
};
