import { useState } from 'react';
import { App, Form, Input, Modal, Radio, Typography } from 'antd';
import { clientCompanyCreateBody, DIRECTLY_CREATED_KINDS, type ClientCompany, type ClientCompanyCreateBody } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { CONNECTION_KIND_LABELS, CREATABLE_KIND_HELP } from '../../../lib/labels';
import { FormAlert } from '../../../ui/form-alert';
import { useCreateClient } from '../api';
import { ChangesOnly, useChangeGuard } from '../../billing/read-only-guard';

const FIELDS = ['name', 'connection_kind'] as const;
const rules = {
  name: [zodRule(clientCompanyCreateBody.shape.name)],
  connection_kind: [zodRule(clientCompanyCreateBody.shape.connection_kind)],
};

interface AddClientModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (company: ClientCompany) => void;
}

/**
 * A new client company without a ledger sign-in (CSV, no ledger, generic API).
 * No kind is preselected: it decides how the client's transactions arrive.
 */
export const AddClientModal = ({ open, onClose, onCreated }: AddClientModalProps) => {
  const [form] = Form.useForm<ClientCompanyCreateBody>();
  const create = useCreateClient();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const guard = useChangeGuard();

  const onFinish = (values: ClientCompanyCreateBody) => {
    setError(null);
    create.mutate(values, {
      onSuccess: (company) => {
        void message.success(`${company.name} added`);
        onCreated(company);
      },
      onError: (err) => setError(applyServerErrors(form, err, FIELDS)),
    });
  };

  return (
    <Modal
      open={open}
      title="Add client"
      okText="Add client"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={guard}
      destroyOnHidden
      afterClose={() => setError(null)}
    >
      <ChangesOnly>
        <Form form={form} layout="vertical" requiredMark={false} name="add-client" onFinish={onFinish}>
          <FormAlert message={error} />
          <Form.Item label="Name" name="name" rules={rules.name}>
            <Input autoComplete="off" placeholder="e.g. Harbor Dental LLC" />
          </Form.Item>
          <Form.Item label="Connection kind" name="connection_kind" rules={rules.connection_kind}>
            <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
              {DIRECTLY_CREATED_KINDS.map((kind) => (
                <Radio key={kind} value={kind}>
                  <Typography.Text strong>{CONNECTION_KIND_LABELS[kind]}</Typography.Text>
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                    {CREATABLE_KIND_HELP[kind]}
                  </Typography.Text>
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </Form>
      </ChangesOnly>
    </Modal>
  );
};
