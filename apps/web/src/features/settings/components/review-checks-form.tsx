import { useState } from 'react';
import { Alert, App, Button, Card, Col, Form, InputNumber, Row, Switch, Typography } from 'antd';
import { REVIEW_CHECK_LABELS, REVIEW_CHECKS, readTypedAmount, type ReviewCheck, type ReviewCheckSettings } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { FormAlert } from '../../../ui/form-alert';
import { MoneyInput, moneyRule } from '../../../ui/money-input';
import { useChangeGuard } from '../../billing/read-only-guard';
import { useUpdateReviewCheckSettings } from '../review-checks-api';

/** `pause_rules` off is a pause share of null ("never"); the share typed stays in its field meanwhile. */
type Values = Omit<ReviewCheckSettings, 'receipt_above' | 'rule_pause_percent'> & { receipt_above: string; pause_rules: boolean; rule_pause_percent: number | null };

const FIELDS = [
  'checks',
  'window_days',
  'usual_share_percent',
  'usual_at_least',
  'amount_ratio',
  'amounts_at_least',
  'duplicate_days',
  'receipt_above',
  'rule_pause_percent',
  'rule_pause_after',
] as const;

/** The share a firm that never pauses starts from when it turns pausing on. */
const PAUSE_PERCENT_START = 50;

/** The numbers each check goes by, under its switch: a check without any has none. */
const NUMBERS: Partial<Record<ReviewCheck, { name: keyof Values; label: string; min: number; max: number; step?: number; suffix: string }[]>> = {
  PAYEE_CODED_DIFFERENTLY: [
    { name: 'usual_share_percent', label: 'A habit is a share of at least', min: 50, max: 100, suffix: '%' },
    { name: 'usual_at_least', label: 'Out of at least', min: 2, max: 100, suffix: 'transactions' },
  ],
  AMOUNT_UNUSUAL: [
    { name: 'amount_ratio', label: 'Unusual from', min: 1.5, max: 20, step: 0.5, suffix: '× the usual' },
    { name: 'amounts_at_least', label: 'Once the payee has', min: 2, max: 100, suffix: 'transactions' },
  ],
  LIKELY_DUPLICATE: [{ name: 'duplicate_days', label: 'Within', min: 0, max: 14, suffix: 'days' }],
};

/**
 * Which review checks run over every client company, and the numbers they go by (docs/review-checks.md). A firm admin
 * changes them; the rest of the firm reads them. The next run of each company follows the change.
 */
export const ReviewChecksForm = ({ settings, canChange }: { settings: ReviewCheckSettings; canChange: boolean }) => {
  const [form] = Form.useForm<Values>();
  const update = useUpdateReviewCheckSettings();
  const guard = useChangeGuard();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const on = Form.useWatch('checks', form) ?? settings.checks;
  const pausing = Form.useWatch('pause_rules', form) ?? settings.rule_pause_percent !== null;

  const onFinish = async (values: Values) => {
    setError(null);
    const { pause_rules: pauseRules, ...rest } = values;
    const typed = readTypedAmount(values.receipt_above);
    try {
      await update.mutateAsync({ ...rest, receipt_above: typed.ok ? typed.amount : null, rule_pause_percent: pauseRules ? values.rule_pause_percent : null });
      void message.success('Review checks saved');
    } catch (err) {
      setError(applyServerErrors(form, err, FIELDS));
    }
  };

  const disabled = guard.disabled || !canChange;
  return (
    <Card title="Review checks" variant="outlined">
      {!canChange && <Alert type="info" showIcon style={{ marginBottom: 16 }} message="Only a firm admin changes the review checks." />}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        name="review-checks"
        initialValues={{
          ...settings,
          receipt_above: settings.receipt_above ?? '',
          pause_rules: settings.rule_pause_percent !== null,
          rule_pause_percent: settings.rule_pause_percent ?? PAUSE_PERCENT_START,
        }}
        onFinish={(values) => void onFinish(values)}
        disabled={disabled}
      >
        <FormAlert message={error} />
        <Typography.Paragraph type="secondary">
          After every pull, and when you ask, Herd reads each client’s categorized transactions and lists what is worth a second look on the client’s Review tab. A check
          never changes the books on its own.
        </Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Read the last" name="window_days" extra="How far back each run reads the books.">
              <InputNumber precision={0} min={30} max={730} suffix="days" style={{ width: 200 }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Receipt needed above"
              name="receipt_above"
              rules={[moneyRule]}
              extra="For clients whose own “What is worth asking” sets no amount. Empty: only theirs."
            >
              <MoneyInput placeholder="No firm amount" />
            </Form.Item>
          </Col>
        </Row>
        {REVIEW_CHECKS.map((check) => (
          <div key={check} style={{ borderTop: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 12, marginBottom: 12 }}>
            <Form.Item name={['checks', check]} valuePropName="checked" style={{ marginBottom: 4 }}>
              <Switch aria-label={REVIEW_CHECK_LABELS[check].name} />
            </Form.Item>
            <Typography.Text strong>{REVIEW_CHECK_LABELS[check].name}</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {REVIEW_CHECK_LABELS[check].looksFor}
            </Typography.Paragraph>
            <Row gutter={16}>
              {(NUMBERS[check] ?? []).map((field) => (
                <Col xs={24} md={12} key={field.name}>
                  <Form.Item label={field.label} name={field.name}>
                    <InputNumber
                      precision={field.step ? 1 : 0}
                      min={field.min}
                      max={field.max}
                      step={field.step ?? 1}
                      suffix={field.suffix}
                      style={{ width: 220 }}
                      disabled={disabled || !on[check]}
                      aria-label={`${REVIEW_CHECK_LABELS[check].name}: ${field.label}`}
                    />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </div>
        ))}
        <div style={{ borderTop: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 12, marginBottom: 12 }}>
          <Typography.Title level={5}>Automation</Typography.Title>
          <Form.Item name="pause_rules" valuePropName="checked" style={{ marginBottom: 4 }}>
            <Switch aria-label="Pause rules overruled too often" />
          </Form.Item>
          <Typography.Text strong>Pause rules overruled too often</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            Herd pauses a rule the accountant or the client keeps overruling, and says why on the rule. Off: Herd never pauses a rule by itself. The Automation tab shows
            how often each rule was overruled.
          </Typography.Paragraph>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                label="Pause a rule overruled more than"
                name="rule_pause_percent"
                rules={pausing ? [{ required: true, message: 'Enter a share, or turn pausing off.' }] : []}
              >
                <InputNumber precision={0} min={10} max={100} suffix="% of the time" style={{ width: 220 }} disabled={disabled || !pausing} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Once it acted at least" name="rule_pause_after">
                <InputNumber precision={0} min={3} max={100} suffix="times in 30 days" style={{ width: 220 }} disabled={disabled || !pausing} />
              </Form.Item>
            </Col>
          </Row>
        </div>
        {canChange && (
          <Button type="primary" htmlType="submit" loading={update.isPending} disabled={guard.disabled} title={guard.title}>
            Save review checks
          </Button>
        )}
      </Form>
    </Card>
  );
};
