import { useState } from 'react';
import { App, Button, Form, Input, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { categoryCreateBody } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { DEFAULT_ACCOUNT_TYPES, useAccountTypes } from '../../transactions/account-types';
import { useCreateCategory } from '../chart-api';
import { useChangeGuard } from '../../billing/read-only-guard';

interface Values {
  name: string;
  account_type: string;
}

const FIELDS = ['name', 'account_type'] as const;

/** One category (an account) added by hand, with the account type it is made with (a ledger Herd holds borrows QuickBooks Online's names). */
export const NewCategoryForm = ({ companyPk }: { companyPk: number }) => {
  const [form] = Form.useForm<Values>();
  const create = useCreateCategory(companyPk);
  const types = useAccountTypes(companyPk, 'qbo');
  const { message } = App.useApp();
  const [problem, setProblem] = useState<string | null>(null);
  const guard = useChangeGuard();

  const onFinish = (values: Values) => {
    setProblem(null);
    create.mutate(values, {
      onSuccess: (category) => {
        void message.success(`Category “${category.name}” added`);
        form.resetFields(['name']);
      },
      onError: (failure) => setProblem(applyServerErrors(form, failure, FIELDS)),
    });
  };

  return (
    <>
      <FormAlert message={problem} />
      <Form
        form={form}
        name="new-category"
        layout="inline"
        initialValues={{ name: '', account_type: DEFAULT_ACCOUNT_TYPES.qbo.COSTS }}
        onFinish={onFinish}
        style={{ rowGap: 8 }}
        disabled={guard.disabled}
        title={guard.title}
      >
        <Form.Item label="Category name" name="name" rules={[zodRule(categoryCreateBody.shape.name)]}>
          <Input style={{ width: 220 }} />
        </Form.Item>
        <Form.Item label="Account type" name="account_type" rules={[zodRule(categoryCreateBody.shape.account_type)]}>
          <Select
            aria-label="Account type"
            showSearch
            loading={types.isPending}
            options={(types.data ?? []).map((t) => ({ value: t.type, label: t.type }))}
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" icon={<PlusOutlined />} loading={create.isPending}>
            Add category
          </Button>
        </Form.Item>
      </Form>
    </>
  );
};
