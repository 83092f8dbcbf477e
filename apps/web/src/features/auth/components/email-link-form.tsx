import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { emailBody } from '@herd/contract/auth';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';

interface EmailLinkFormProps {
  name: string;
  intro: string;
  submitLabel: string;
  /** Sends the email; resolves to the server's `detail`, shown as it is. */
  send: (email: string) => Promise<{ detail: string }>;
  pending: boolean;
}

/** One email field that asks the server to mail a link (sign-in link, password reset). */
export const EmailLinkForm = ({ name, intro, submitLabel, send, pending }: EmailLinkFormProps) => {
  const [form] = Form.useForm<{ email: string }>();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const onFinish = async ({ email }: { email: string }) => {
    setError(null);
    setSent(null);
    try {
      const { detail } = await send(email);
      setSent(detail);
    } catch (err) {
      setError(applyServerErrors(form, err, ['email']));
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} validateTrigger="onBlur" onFinish={onFinish} name={name}>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      <FormAlert type="success" message={sent} />
      <FormAlert message={error} />
      <Form.Item label="Email" name="email" rules={[zodRule(emailBody.shape.email)]}>
        <Input type="email" autoComplete="email" inputMode="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending}>
        {submitLabel}
      </Button>
    </Form>
  );
};
