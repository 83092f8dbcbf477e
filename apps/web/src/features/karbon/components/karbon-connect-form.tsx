import { useState } from 'react';
import { Button, Card, Flex, Form, Input, Tag, Typography } from 'antd';
import { karbonInstanceBody, type KarbonInstanceBody } from '@herd/contract/karbon';
import { useInstallation } from '../../../lib/client-config';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { useServerError } from '../../../ui/use-server-error';
import { useConnectKarbon, useConnectSandboxKarbon } from '../api';

const FIELDS = ['application_id', 'access_key'] as const;
const rules = { application_id: [zodRule(karbonInstanceBody.shape.application_id)], access_key: [zodRule(karbonInstanceBody.shape.access_key)] };

/** Not connected yet: the keys from Karbon's Settings → Connected Apps, or the built-in sandbox Karbon where the server has it. */
export const KarbonConnectForm = () => {
  const [form] = Form.useForm<KarbonInstanceBody>();
  const [error, setError] = useState<string | null>(null);
  const connect = useConnectKarbon();
  const { karbonSandbox } = useInstallation();
  const onFinish = (values: KarbonInstanceBody) => {
    setError(null);
    connect.mutate(values, { onError: (failure) => setError(applyServerErrors(form, failure, FIELDS)) });
  };
  return (
    <Card title="Karbon">
      <Typography.Paragraph type="secondary">
        Connect the firm’s Karbon so that Karbon hears what clients do in Herd (notes on their timelines, work items for your team) and Herd hears when Karbon’s clients
        change. In Karbon, open Settings → Connected Apps, register an API application for Herd, and paste its Application ID and Access Key here.
      </Typography.Paragraph>
      <FormAlert message={error} />
      <Form form={form} layout="vertical" requiredMark={false} name="karbon-connect" onFinish={onFinish} style={{ maxWidth: 560 }}>
        <Form.Item label="Application ID" name="application_id" rules={rules.application_id}>
          <Input autoComplete="off" placeholder="36 characters, e.g. 0f8fad5b-d9cb-469f-a165-70867728950e" />
        </Form.Item>
        <Form.Item label="Access Key" name="access_key" rules={rules.access_key}>
          <Input.Password autoComplete="off" placeholder="Starts with eyJ…" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={connect.isPending}>
          Connect Karbon
        </Button>
      </Form>
      {/* Offered only where the server said its sandboxes are on. */}
      {karbonSandbox ? <SandboxKarbon /> : null}
    </Card>
  );
};

/** The built-in sandbox Karbon, made for this firm: Herd tried without a Karbon account. */
const SandboxKarbon = () => {
  const sandbox = useConnectSandboxKarbon();
  const showError = useServerError();
  return (
    <Flex vertical gap={8} style={{ marginTop: 24 }}>
      <Typography.Text>
        <Tag color="magenta">Sandbox</Tag> No Karbon account to hand? Try Herd with a simulated one, made for this firm (no real Karbon is involved).
      </Typography.Text>
      <div>
        <Button
          loading={sandbox.isPending}
          onClick={() => sandbox.mutate(undefined, { onError: (failure) => showError(failure, 'Could not connect the sandbox Karbon') })}
        >
          Connect the sandbox Karbon
        </Button>
      </div>
    </Flex>
  );
};
