import { App, Button, Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import type { z } from 'zod';
import type { karbonInstance } from '@herd/contract/karbon';
import { formatDateTime } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { ButtonLink } from '../../../ui/button-link';
import { useServerError } from '../../../ui/use-server-error';
import { useDisconnectKarbon, useKarbonResync, type KarbonResyncKind } from '../api';

type KarbonInstance = z.infer<typeof karbonInstance>;

const RESYNCS: { kind: KarbonResyncKind; label: string }[] = [
  { kind: 'organizations', label: 'Organizations and contacts' },
  { kind: 'worktypes', label: 'Work types' },
  { kind: 'workstatuses', label: 'Work statuses' },
  { kind: 'users', label: 'Users' },
];

/** The connected account: what Herd is subscribed to, what waits, the last error, reading Karbon's lists again, disconnecting. */
export const KarbonConnectionCard = ({ instance }: { instance: KarbonInstance }) => {
  const { message, modal } = App.useApp();
  const showError = useServerError();
  const resync = useKarbonResync();
  const disconnect = useDisconnectKarbon();
  const confirmDisconnect = () =>
    modal.confirm({
      title: 'Disconnect Karbon?',
      content: 'Karbon stops hearing from Herd, its webhooks are cancelled, and the links between client companies and Karbon clients are forgotten.',
      okText: 'Disconnect',
      okButtonProps: { danger: true },
      onOk: () => disconnect.mutateAsync(undefined).catch((failure: unknown) => showError(failure, 'Could not disconnect Karbon')),
    });
  return (
    <Card
      title={<Space wrap>Karbon {instance.sandbox ? <Tag color="magenta">Sandbox</Tag> : <Tag color="green">Connected</Tag>}</Space>}
      extra={
        <Button danger onClick={confirmDisconnect}>
          Disconnect
        </Button>
      }
    >
      <Descriptions column={1} size="small" styles={{ label: { whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="Account">{instance.tenant_key}</Descriptions.Item>
        <Descriptions.Item label="Connected">{formatDateTime(instance.connected_at)}</Descriptions.Item>
        <Descriptions.Item label="Karbon tells Herd of">
          {instance.webhooks.length > 0 ? 'changes to organizations and contacts' : 'nothing yet (see the error below)'}
        </Descriptions.Item>
        <Descriptions.Item label="Waiting to be written">
          {instance.pending_events} event{instance.pending_events === 1 ? '' : 's'}
          {instance.failed_events > 0 ? `, ${instance.failed_events} failed` : ''}
        </Descriptions.Item>
        {instance.last_error ? (
          <Descriptions.Item label="Last error">
            <Typography.Text type="danger">{instance.last_error}</Typography.Text>
            {instance.last_error_at ? <Typography.Text type="secondary"> ({formatDateTime(instance.last_error_at)})</Typography.Text> : null}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {instance.sandbox ? (
        <Flex wrap gap={8} align="center" style={{ marginTop: 16 }}>
          <Typography.Text type="secondary">See what Herd wrote in the sandbox Karbon, and file a document there to try the receipts import:</Typography.Text>
          <ButtonLink to={routes.accountant.karbonSandbox}>Open the Karbon sandbox</ButtonLink>
        </Flex>
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 8 }}>
        Read Karbon’s lists again (after adding clients, work types or people in Karbon):
      </Typography.Paragraph>
      <Flex wrap gap={8}>
        {RESYNCS.map(({ kind, label }) => (
          <Button
            key={kind}
            loading={resync.isPending && resync.variables === kind}
            onClick={() =>
              resync.mutate(kind, {
                onSuccess: (result) => void message.success(result.detail),
                onError: (failure) => showError(failure, `Could not read ${label.toLowerCase()}`),
              })
            }
          >
            {label}
          </Button>
        ))}
      </Flex>
    </Card>
  );
};
