import { Typography } from 'antd';
import { useClientConfig } from '../lib/client-config';

/**
 * Beside "a code was sent": on a server without a Twilio account no text reaches a phone, so the
 * person is pointed to the sandbox page that lists them. Nothing shows on a real deployment.
 */
export const SmsSandboxNote = () => {
  const page = useClientConfig().data?.sms_sandbox_page;
  if (!page) return null;
  return (
    <Typography.Paragraph type="secondary" style={{ margin: '0 0 12px' }}>
      Sandbox — no real texts are sent.{' '}
      <Typography.Link href={page} target="_blank" rel="noopener">
        Read the code on the page of texts sent
      </Typography.Link>
      .
    </Typography.Paragraph>
  );
};
