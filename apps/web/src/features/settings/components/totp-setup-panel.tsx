import { useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import QRCode from 'qrcode';
import { otpBody } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { useConfirmTotpSetup } from '../mfa-api';

/** The secret as the `otpauth://` link carries it, for typing into an app by hand. */
const secretOf = (link: string) => new URL(link).searchParams.get('secret') ?? '';

/** Four-letter groups read more easily when typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

interface TotpSetupPanelProps {
  /** The profile's `totp_qr_link`: set while a setup waits for its first code. */
  link: string;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}

/** Scan the QR image (or type the secret), then confirm with the first code the app shows. */
export const TotpSetupPanel = ({ link, onConfirmed, onCancel }: TotpSetupPanelProps) => {
  const [form] = Form.useForm<{ code: string }>();
  const [image, setImage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmTotpSetup(onConfirmed);

  useEffect(() => {
    let live = true;
    // SVG needs no canvas: the same drawing in every browser (and in tests), shown as an image.
    void QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (svg) => live && setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
    );
    return () => {
      live = false;
    };
  }, [link]);

  const onFinish = ({ code }: { code: string }) => {
    setError(null);
    confirm.mutate(otpBody.shape.code.parse(code), {
      onError: (err) => setError(applyServerErrors(form, err, ['code'])),
    });
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ margin: 0 }}>
        1. In your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), add an account by scanning this code.
      </Typography.Paragraph>
      <div style={{ width: 200, height: 200 }}>{image ? <img src={image} alt="QR code to add Herd to your authenticator app" width={200} height={200} /> : null}</div>
      <Typography.Paragraph style={{ margin: 0 }}>
        Cannot scan it? Enter this key instead:{' '}
        <Typography.Text code copyable={{ text: secretOf(link) }} style={{ wordBreak: 'break-all' }} aria-label="Setup key">
          {grouped(secretOf(link))}
        </Typography.Text>
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} name="totp-confirm" style={{ maxWidth: 320 }}>
        <FormAlert message={error} />
        <Form.Item label="2. Enter the 6-digit code the app shows" name="code" rules={[zodRule(otpBody.shape.code)]}>
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={7} placeholder="123456" />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={confirm.isPending}>
            Turn on
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </Flex>
      </Form>
    </Flex>
  );
};
