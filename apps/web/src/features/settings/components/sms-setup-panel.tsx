import { useState } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { SMS_CODE_TTL_MS, SMS_SEND_WINDOW_MINUTES, SMS_SENDS_PER_WINDOW, otpBody, smsSetupBody } from '@herd/contract';
import { applyServerErrors, serverErrorText } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { useConfirmSmsSetup, useStartSmsSetup } from '../mfa-api';

interface SmsSetupPanelProps {
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}

const CODE_MINUTES = SMS_CODE_TTL_MS / 60_000;
/** Said before anything is sent, so a person who asks again and again knows where the limit is. */
const LIMIT_NOTE = `Codes last ${CODE_MINUTES} minutes. You can be sent ${SMS_SENDS_PER_WINDOW} texts every ${SMS_SEND_WINDOW_MINUTES} minutes.`;

/**
 * Text-message codes: the phone in international form, a code texted to it, the code typed back.
 * Until that code is confirmed the method the person had (if any) stays as it was.
 */
export const SmsSetupPanel = ({ onConfirmed, onCancel }: SmsSetupPanelProps) => {
  const [phoneForm] = Form.useForm<{ phone: string }>();
  const [codeForm] = Form.useForm<{ code: string }>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const send = useStartSmsSetup();
  const confirm = useConfirmSmsSetup(onConfirmed);

  const textCode = (phone: string, form: typeof phoneForm | null) => {
    setProblem(null);
    // A resend that fails leaves the last note: the code sent before still works.
    send.mutate(phone, {
      onSuccess: (answer) => {
        setSentTo(phone);
        setNote(answer.detail);
      },
      // A refused number goes on its field; the send limit (429) and an unreachable provider are said plainly.
      onError: (err) => setProblem(form ? applyServerErrors(form, err, ['phone']) : serverErrorText(err)),
    });
  };

  const onConfirm = ({ code }: { code: string }) => {
    setProblem(null);
    confirm.mutate(otpBody.shape.code.parse(code), { onError: (err) => setProblem(applyServerErrors(codeForm, err, ['code'])) });
  };

  if (sentTo === null) {
    return (
      // Keyed: an antd Form keeps the store it mounted with, so the two steps must be two Form elements.
      <Form
        key="phone"
        form={phoneForm}
        layout="vertical"
        requiredMark={false}
        name="sms-phone"
        onFinish={({ phone }) => textCode(phone.trim(), phoneForm)}
        style={{ maxWidth: 360 }}
      >
        <FormAlert message={problem} />
        <Form.Item
          label="Mobile phone number"
          name="phone"
          rules={[zodRule(smsSetupBody.shape.phone)]}
          extra={`With + and the country code, e.g. +1 555 123 4567. ${LIMIT_NOTE}`}
        >
          <Input type="tel" autoComplete="tel" inputMode="tel" placeholder="+1 555 123 4567" />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            Text me a code
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </Flex>
      </Form>
    );
  }

  return (
    <Form key="code" form={codeForm} layout="vertical" requiredMark={false} name="sms-confirm" onFinish={onConfirm} style={{ maxWidth: 360 }}>
      <Typography.Paragraph style={{ margin: '0 0 12px' }} role="status">
        {note ?? 'A code is on its way.'} It goes to <Typography.Text strong>{sentTo}</Typography.Text>.
      </Typography.Paragraph>
      <FormAlert message={problem} />
      <Form.Item label="Enter the 6-digit code from the text" name="code" rules={[zodRule(otpBody.shape.code)]} extra={LIMIT_NOTE}>
        <Input autoComplete="one-time-code" inputMode="numeric" maxLength={7} placeholder="123456" />
      </Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={confirm.isPending}>
          Turn on
        </Button>
        <Button onClick={() => textCode(sentTo, null)} loading={send.isPending}>
          Send a new code
        </Button>
        <Button type="link" onClick={() => (setSentTo(null), setProblem(null))}>
          Use another number
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Flex>
    </Form>
  );
};
