import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { categoryCreateBody, type ConnectionKind, type Direction } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { useCreateRef, type SelectOption } from '../api';
import { DEFAULT_ACCOUNT_TYPES, hasOwnAccountTypes, ledgerSystemOf, useAccountTypes } from '../account-types';
import { CONNECTION_KIND_LABELS } from '../../../lib/labels';
import { accountTypeLabel } from '../../../lib/account-type-labels';

interface Values {
  name: string;
  account_type: string;
  account_subtype?: string;
}

const FIELDS = ['name', 'account_type', 'account_subtype'] as const;
const rules = {
  name: [zodRule(categoryCreateBody.shape.name)],
  account_type: [zodRule(categoryCreateBody.shape.account_type)],
};

interface NewCategoryModalProps {
  /** The typed name; null while closed. */
  name: string | null;
  companyPk: number;
  transactionPk: number;
  /** The company's ledger, which decides the list of account types; null while it loads. */
  connectionKind: ConnectionKind | null;
  direction: Direction;
  onCreated: (category: SelectOption) => void;
  onCancel: () => void;
}

/** "+ Create category": its name and the ledger account type it is made with. */
export const NewCategoryModal = ({ name, companyPk, transactionPk, connectionKind, direction, onCreated, onCancel }: NewCategoryModalProps) => {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateRef(companyPk);
  const system = ledgerSystemOf(connectionKind ?? 'CSV');
  const types = useAccountTypes(companyPk, system, name !== null && connectionKind !== null);
  const accountType = Form.useWatch('account_type', form);
  // Detail types come with the ledger's own list (QuickBooks Online's; Xero's and QuickBooks Desktop's when theirs carry any);
  // a ledger Herd holds itself borrows QuickBooks Online's type names only.
  const subtypes = connectionKind && hasOwnAccountTypes(connectionKind) ? (types.data?.find((t) => t.type === accountType)?.subtypes ?? []) : [];
  const open = name !== null;

  useEffect(() => {
    if (open) form.setFieldsValue({ name: name ?? '', account_type: DEFAULT_ACCOUNT_TYPES[system][direction], account_subtype: undefined });
  }, [open, name, system, direction, form]);

  const onFinish = (values: Values) => {
    setError(null);
    create.mutate(
      {
        kind: 'categories',
        transaction: transactionPk,
        name: values.name,
        account_type: values.account_type,
        ...(values.account_subtype ? { account_subtype: values.account_subtype } : {}),
      },
      { onSuccess: onCreated, onError: (failure) => setError(applyServerErrors(form, failure, FIELDS)) },
    );
  };

  return (
    <Modal
      open={open}
      title="New category"
      okText="Create category"
      onOk={() => form.submit()}
      onCancel={onCancel}
      confirmLoading={create.isPending}
      okButtonProps={{ disabled: types.isPending }}
      afterClose={() => {
        setError(null);
        form.resetFields();
      }}
      // Not forceRender: a closed modal kept rendered stays on top of the Esc stack, and Esc would no longer close the editor under it.
    >
      <Typography.Paragraph type="secondary">
        {connectionKind === 'QBD'
          ? 'The category can be used at once; it is added to the client’s chart of accounts in QuickBooks Desktop, with this type, at the next Web Connector run.'
          : 'The category is added to the client’s chart of accounts with this type.'}
      </Typography.Paragraph>
      <FormAlert message={error ?? (types.isError ? 'Could not load the account types: please try again.' : null)} />
      <Form form={form} layout="vertical" requiredMark={false} name="new-category" onFinish={onFinish}>
        <Form.Item label="Name" name="name" rules={rules.name}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Account type" name="account_type" rules={rules.account_type}>
          <Select
            aria-label="Account type"
            loading={types.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(types.data ?? []).map((t) => ({ value: t.type, label: accountTypeLabel(t.type) }))}
            onChange={() => form.setFieldValue('account_subtype', undefined)}
          />
        </Form.Item>
        {subtypes.length > 0 ? (
          <Form.Item
            label="Detail type"
            name="account_subtype"
            extra={`Optional: ${connectionKind ? CONNECTION_KIND_LABELS[connectionKind] : 'the ledger'}’s finer kind of account.`}
          >
            <Select
              aria-label="Detail type"
              allowClear
              placeholder="None"
              showSearch={{ optionFilterProp: 'label' }}
              options={subtypes.map((s) => ({ value: s, label: accountTypeLabel(s) }))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
};
