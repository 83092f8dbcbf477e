import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Radio, Typography } from 'antd';
import { createRuleBody, type RuleScope } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { RefSelect, type Ref } from './ref-select';
import { ChangesOnly } from '../../billing/read-only-guard';
import { useCreateRule } from '../rules-api';
import type { OptionSource } from '../api';
import type { RuleDraft } from '../rule-draft';

interface Values {
  match_text: string;
  category: Ref;
  vendor: Ref;
  scope: RuleScope;
}

const FIELDS = ['match_text', 'category', 'vendor', 'scope'] as const;
const CATEGORY_REQUIRED = 'Choose the category the rule files these under.';
const rules = {
  match_text: [zodRule(createRuleBody.shape.match_text)],
  category: [{ validator: async (_rule: unknown, value: Ref) => (value ? undefined : Promise.reject(new Error(CATEGORY_REQUIRED))) }],
};

/** RefSelect as a form control: the form hands it its value and change handler. */
const RefField = (props: { label: string; source: OptionSource; id?: string; value?: Ref; onChange?: (value: Ref) => void }) => (
  <RefSelect label={props.label} source={props.source} id={props.id} value={props.value ?? null} onChange={(value) => props.onChange?.(value)} />
);

interface RuleFormModalProps {
  companyPk: number;
  /** What the form starts from; null while closed. */
  draft: RuleDraft | null;
  /** Firm rules are the firm administrators'. */
  canWriteFirmRules: boolean;
  onClose: () => void;
}

/** "New rule" and "Make a rule": match text, category from the company's chart, an optional vendor, and who it is for. */
export const RuleFormModal = ({ companyPk, draft, canWriteFirmRules, onClose }: RuleFormModalProps) => {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const { message } = App.useApp();
  const create = useCreateRule(companyPk);
  const scope = Form.useWatch('scope', form);
  const open = draft !== null;

  useEffect(() => {
    if (draft) form.setFieldsValue({ ...draft, scope: draft.scope === 'FIRM' && !canWriteFirmRules ? 'COMPANY' : draft.scope });
  }, [draft, canWriteFirmRules, form]);

  const onFinish = (values: Values) => {
    setError(null);
    const firm = values.scope === 'FIRM';
    create.mutate(
      { scope: values.scope, match_text: values.match_text, category: values.category!.pk, vendor: firm ? null : (values.vendor?.pk ?? null) },
      {
        onSuccess: (rule) => {
          void message.success(`Rule saved: ${rule.match_text.toUpperCase()} → ${rule.category?.name ?? rule.account_name}`);
          onClose();
        },
        onError: (failure) => setError(applyServerErrors(form, failure, FIELDS)),
      },
    );
  };

  return (
    <Modal
      open={open}
      title="New rule"
      okText="Save rule"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      afterClose={() => {
        setError(null);
        form.resetFields();
      }}
    >
      <ChangesOnly>
        <Typography.Paragraph type="secondary">
          Transactions whose payee, description or merchant contains the text are suggested this category, before anything Herd learned.
        </Typography.Paragraph>
        <FormAlert message={error} />
        <Form form={form} layout="vertical" requiredMark={false} name="rule" onFinish={onFinish}>
          <Form.Item label="When the payee or description contains" name="match_text" rules={rules.match_text} extra="Not case-sensitive, e.g. “adobe”.">
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item label="Category" name="category" rules={rules.category}>
            <RefField label="Category" source={{ kind: 'categories', companyPk, side: 'accountant' }} />
          </Form.Item>
          {scope === 'FIRM' ? null : (
            <Form.Item label="Vendor" name="vendor" extra="Optional.">
              <RefField label="Vendor" source={{ kind: 'vendors', companyPk, side: 'accountant' }} />
            </Form.Item>
          )}
          <Form.Item label="For" name="scope">
            <Radio.Group>
              <Radio value="COMPANY">This client</Radio>
              <Radio
                value="FIRM"
                disabled={!canWriteFirmRules}
                title={canWriteFirmRules ? 'Matched to each client’s account of the same name; no vendor.' : 'Only firm administrators make rules for the whole firm.'}
              >
                Every client of the firm
              </Radio>
            </Radio.Group>
          </Form.Item>
        </Form>
      </ChangesOnly>
    </Modal>
  );
};
