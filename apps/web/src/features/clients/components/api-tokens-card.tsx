import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Select, Table, Tag, Typography, type TableProps } from 'antd';
import { DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import { tokenCreateBody, type ClientCompany } from '@herd/contract';
import { normaliseError } from '../../../lib/api-errors';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { formatDate, formatRelativeTime } from '../../../lib/format';
import { FormAlert } from '../../../ui/form-alert';
import { QueryError } from '../../../ui/query-error';
import { useApiTokens, useCreateApiToken, useRevokeApiToken, type ApiToken } from '../tokens-api';
import { useChangeGuard } from '../../billing/read-only-guard';

const DAY_MS = 86_400_000;

/** How long a new token lives: a choice of spans rather than a date, so nobody makes one that expires today by mistake. */
const EXPIRY_OPTIONS = [
  { value: 0, label: 'Never expires' },
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 365, label: '1 year' },
];

interface NewTokenValues {
  name: string;
  expires_in_days: number;
}

const expiresAtFor = (days: number, now = Date.now()): string | null => (days > 0 ? new Date(now + days * DAY_MS).toISOString() : null);

const isExpired = (token: ApiToken, now = Date.now()) => token.expires_at !== null && new Date(token.expires_at).getTime() <= now;

const NewTokenModal = ({ companyPk, open, onClose, onCreated }: { companyPk: number; open: boolean; onClose: () => void; onCreated: (token: ApiToken) => void }) => {
  const [form] = Form.useForm<NewTokenValues>();
  const create = useCreateApiToken(companyPk);
  const [problem, setProblem] = useState<string | null>(null);
  const guard = useChangeGuard();

  const onFinish = async (values: NewTokenValues) => {
    setProblem(null);
    try {
      const token = await create.mutateAsync({ name: values.name, expires_at: expiresAtFor(values.expires_in_days) });
      form.resetFields();
      onCreated(token);
    } catch (error) {
      // The form asks for a span, the server checks the moment it makes of it.
      setProblem(applyServerErrors(form, error, ['name', 'expires_in_days'], { expires_at: 'expires_in_days' }));
    }
  };

  return (
    <Modal
      open={open}
      title="New API token"
      okText="Make token"
      confirmLoading={create.isPending}
      okButtonProps={guard}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <FormAlert message={problem} />
      <Form form={form} layout="vertical" initialValues={{ name: '', expires_in_days: 90 }} onFinish={(values) => void onFinish(values)}>
        <Form.Item label="Name" name="name" rules={[zodRule(tokenCreateBody.shape.name)]} extra="What uses it, e.g. the firm’s ledger server.">
          <Input autoFocus />
        </Form.Item>
        <Form.Item label="Expires" name="expires_in_days">
          <Select aria-label="Expires" options={EXPIRY_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** The secret of a token just made: the only time it is shown. */
const NewTokenSecret = ({ token, onClose }: { token: ApiToken | null; onClose: () => void }) => (
  <Modal open={token !== null} title={token ? `API token “${token.name}”` : ''} footer={null} onCancel={onClose} destroyOnHidden>
    <Typography.Paragraph type="secondary">Copy it now: Herd keeps only a fingerprint of it and cannot show it again.</Typography.Paragraph>
    <Typography.Paragraph copyable code style={{ wordBreak: 'break-all' }} data-testid="new-api-token">
      {token?.token}
    </Typography.Paragraph>
    {token?.expires_at ? <Typography.Paragraph>It stops working on {formatDate(token.expires_at)}.</Typography.Paragraph> : null}
  </Modal>
);

/**
 * The API tokens with which the client's own ledger pushes to Herd (generic
 * ledger): when each was last used and when it expires, making and revoking.
 */
export const ApiTokensCard = ({ company }: { company: ClientCompany }) => {
  const tokens = useApiTokens(company.pk);
  const revoke = useRevokeApiToken(company.pk);
  const { message, modal } = App.useApp();
  const [making, setMaking] = useState(false);
  const [made, setMade] = useState<ApiToken | null>(null);
  const disconnected = company.connection_state === 'DISCONNECTED';
  const guard = useChangeGuard();

  const confirmRevoke = (token: ApiToken) =>
    modal.confirm({
      title: `Revoke the token “${token.name}”?`,
      content: 'Whatever uses it can no longer push to Herd.',
      okText: 'Revoke',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await revoke.mutateAsync(token.pk);
          void message.success(`Token “${token.name}” revoked`);
        } catch (error) {
          void message.error(normaliseError(error).message);
        }
      },
    });

  const columns: TableProps<ApiToken>['columns'] = [
    { title: 'Name', dataIndex: 'name', key: 'name' },
    { title: 'Token', key: 'prefix', render: (_value: unknown, token) => <Typography.Text code>{token.prefix}…</Typography.Text> },
    { title: 'Created', key: 'created', render: (_value: unknown, token) => formatDate(token.created_at) },
    {
      title: 'Last used',
      key: 'last_used',
      render: (_value: unknown, token) => (token.last_used_at ? formatRelativeTime(token.last_used_at) : <Typography.Text type="secondary">Never</Typography.Text>),
    },
    {
      title: 'Expires',
      key: 'expires',
      render: (_value: unknown, token) =>
        token.expires_at === null ? 'Never' : isExpired(token) ? <Tag color="error">Expired {formatDate(token.expires_at)}</Tag> : formatDate(token.expires_at),
    },
    {
      title: <span className="herd-visually-hidden">Actions</span>,
      key: 'actions',
      align: 'right',
      render: (_value: unknown, token) => (
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Revoke ${token.name}`} onClick={() => confirmRevoke(token)} {...guard} />
      ),
    },
  ];

  return (
    <Card
      title="API tokens"
      variant="outlined"
      extra={
        disconnected ? null : (
          <Button icon={<KeyOutlined />} onClick={() => setMaking(true)} {...guard}>
            New token
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        {disconnected
          ? 'This client is disconnected: its tokens were revoked and it cannot have new ones.'
          : 'The client’s ledger sends its data to Herd with one of these tokens. Last use is recorded to the minute.'}
      </Typography.Paragraph>
      {tokens.isError ? (
        <QueryError error={tokens.error} title="Could not load the API tokens" onRetry={() => void tokens.refetch()} />
      ) : (
        <Table<ApiToken>
          rowKey="pk"
          size="middle"
          loading={tokens.isPending}
          columns={columns}
          dataSource={tokens.data ?? []}
          pagination={false}
          locale={{ emptyText: 'No API tokens' }}
          scroll={{ x: 'max-content' }}
        />
      )}
      <NewTokenModal
        companyPk={company.pk}
        open={making}
        onClose={() => setMaking(false)}
        onCreated={(token) => {
          setMaking(false);
          setMade(token);
        }}
      />
      <NewTokenSecret token={made} onClose={() => setMade(null)} />
    </Card>
  );
};
