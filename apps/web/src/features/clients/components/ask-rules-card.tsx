import { useState } from 'react';
import { Alert, App, Button, Card, Col, Form, Radio, Row, Select } from 'antd';
import { askRulesInWords, FIRM_PAYEES_MAX, readTypedAmount, type AskRules, type ClientCompany, type ClosedPeriodChoice } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { applyServerErrors } from '../../../lib/form-errors';
import { FormAlert } from '../../../ui/form-alert';
import { MoneyInput, moneyRule } from '../../../ui/money-input';
import { useChangeGuard } from '../../billing/read-only-guard';
import { useUpdateClient } from '../api';

interface Values {
  ask_from: string;
  receipt_above: string;
  firm_payees: string[];
  closed_period: ClosedPeriodChoice;
}

const FIELDS = ['ask_from', 'receipt_above', 'firm_payees', 'closed_period'] as const;
const ALIASES = {
  ask_rules: 'ask_from',
  'ask_rules.ask_from': 'ask_from',
  'ask_rules.receipt_above': 'receipt_above',
  'ask_rules.firm_payees': 'firm_payees',
  'ask_rules.closed_period': 'closed_period',
};

/** The amount a field's text is read as ("$75" is "75.00"), or '' while it is none: what the preview shows. */
const amountOf = (text: string) => {
  const reading = readTypedAmount(text);
  return reading.ok ? reading.amount : '';
};

export const rulesOf = (values: Values): AskRules => ({
  ask_from: amountOf(values.ask_from) || null,
  receipt_above: amountOf(values.receipt_above) || null,
  firm_payees: [...new Set(values.firm_payees.map((p) => p.trim()).filter(Boolean))],
  closed_period: values.closed_period,
});

/**
 * What is worth asking this client: an amount under which the firm answers itself, an amount above which a receipt is
 * needed, and payees the firm always answers. Saving moves the waiting transactions at once (kept ones go to Hidden →
 * "Kept by your rules"); the client sees the amounts in words on their home page.
 */
export const AskRulesCard = ({ company }: { company: ClientCompany }) => {
  const [form] = Form.useForm<Values>();
  const update = useUpdateClient(company.pk);
  const guard = useChangeGuard();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  // Watched field by field: before the form mounts they are undefined.
  const askFrom = Form.useWatch('ask_from', form) ?? '';
  const receiptAbove = Form.useWatch('receipt_above', form) ?? '';
  const words = askRulesInWords(rulesOf({ ask_from: askFrom, receipt_above: receiptAbove, firm_payees: [], closed_period: 'ASK' }));
  const closedThrough = company.books_closed_through;

  const onFinish = async (submitted: Values) => {
    setError(null);
    try {
      await update.mutateAsync({ ask_rules: rulesOf(submitted) });
      void message.success('What is worth asking saved');
    } catch (err) {
      setError(applyServerErrors(form, err, FIELDS, ALIASES));
    }
  };

  return (
    <Card title="What is worth asking" variant="outlined">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        name="ask-rules"
        style={{ maxWidth: 720 }}
        disabled={guard.disabled}
        initialValues={{
          ask_from: company.ask_rules.ask_from ?? '',
          receipt_above: company.ask_rules.receipt_above ?? '',
          firm_payees: company.ask_rules.firm_payees,
          closed_period: company.ask_rules.closed_period,
        }}
        onFinish={(v) => void onFinish(v)}
      >
        <FormAlert message={error} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label="Ask about amounts from"
              name="ask_from"
              rules={[moneyRule]}
              extra="Smaller ones stay with you, under Hidden → Kept by your rules. Empty: every amount is asked."
            >
              <MoneyInput placeholder="Every amount" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Need a receipt above"
              name="receipt_above"
              rules={[moneyRule]}
              extra="The client attaches one to finish such a transaction. Empty: no receipt is required."
            >
              <MoneyInput placeholder="No receipt required" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="Payees you always answer yourself"
          name="firm_payees"
          extra={`Transactions of these payees are never asked, whatever their amount (up to ${FIRM_PAYEES_MAX}). Type a name and press Enter.`}
        >
          <Select mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} placeholder="None" aria-label="Payees you always answer yourself" />
        </Form.Item>
        <Form.Item
          label="Questions in the ledger’s closed period"
          name="closed_period"
          extra={
            closedThrough
              ? `The ledger’s books are closed through ${formatDate(closedThrough)}, as read at the last sync. Publishing such a transaction leaves it as the ledger holds it and posts the answer as a journal entry dated the first open day.`
              : 'The ledger has no closed period, as read at the last sync.'
          }
        >
          <Radio.Group
            options={[
              { value: 'ASK', label: 'Ask the client anyway, and post the answer as a correction in the open period' },
              { value: 'KEEP', label: 'Keep them with you, under Hidden → Kept by your rules' },
            ]}
          />
        </Form.Item>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={words ? `Your client reads: “${words}”` : 'Your client is asked about every transaction, and no receipt is required.'}
        />
        <Button type="primary" htmlType="submit" loading={update.isPending} title={guard.title}>
          Save what is worth asking
        </Button>
      </Form>
    </Card>
  );
};
