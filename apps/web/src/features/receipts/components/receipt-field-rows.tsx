import { Flex, Form, Input, Typography, type FormRule } from 'antd';
import { readTypedAmount, type Receipt, type ReceiptChange } from '@herd/contract';
import { MoneyInput, moneyRefusal } from '../../../ui/money-input';
import { fieldOrigin, isUnsure } from '../receipt-words';

/** The fields read from a receipt that a person may correct, as the forms name them. */
export const READ_FIELD_NAMES = ['vendor', 'date', 'total', 'currency'] as const;
export type ReadFieldValues = Record<(typeof READ_FIELD_NAMES)[number], string>;

/** The update endpoints take a list of receipts and name a field of the first (only) one sent: `receipts.0.total`. */
export const serverFieldAliases = (fieldNames: readonly string[]): Record<string, string> =>
  Object.fromEntries(fieldNames.map((field) => [`receipts.0.${field}`, field]));

export const readFieldValues = (receipt: Receipt): ReadFieldValues => ({
  vendor: receipt.vendor.value ?? '',
  date: receipt.date.value ?? '',
  total: receipt.total.value ?? '',
  currency: receipt.currency.value ?? '',
});

/** A total as the API takes it: "$45.00" typed or pasted is "45.00"; what is not an amount goes as typed, for the server to refuse. */
const typedTotal = (text: string | undefined): string => {
  const reading = readTypedAmount(text);
  return reading.ok ? reading.amount : (text ?? '').trim();
};

/** A total must be an amount, in the receipt's currency when one is set ("€12" on a USD receipt is refused). */
const totalRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_, value: string | undefined) => {
    const refusal = moneyRefusal(value, (getFieldValue('currency') as string | undefined)?.trim());
    if (refusal) throw new Error(refusal);
  },
});

/**
 * Only the read fields the person changed: a field left alone keeps its reading and its confidence;
 * one emptied is cleared (`null`).
 */
export const changedReadFields = (receipt: Receipt, values: Partial<ReadFieldValues>): Partial<ReceiptChange> => {
  const before = readFieldValues(receipt);
  const change: Partial<ReceiptChange> = {};
  for (const field of READ_FIELD_NAMES) {
    const after = field === 'total' ? typedTotal(values.total) : (values[field] ?? '').trim();
    if (after !== before[field]) change[field] = after === '' ? null : after;
  }
  return change;
};

/** How the value came to be ("read, 92% sure", "a guess, 40% sure: check it", "entered"), beside the field's name. */
const FieldLabel = ({ name, field }: { name: string; field: Receipt['vendor'] }) => {
  const words = fieldOrigin(field);
  return (
    <span>
      {name}
      {words ? (
        <Typography.Text type={isUnsure(field) ? 'warning' : 'secondary'} style={{ fontSize: 12 }}>
          {` (${words})`}
        </Typography.Text>
      ) : null}
    </span>
  );
};

/**
 * The vendor, date, total and currency of a receipt, each with how sure Herd is of it; inside a
 * form whose values are `ReadFieldValues`. The server's field errors land under their field.
 */
export const ReceiptFieldRows = ({ receipt }: { receipt: Receipt }) => {
  const form = Form.useFormInstance<ReadFieldValues>();
  // The receipt's currency as it stands in the form: a total written in another is left as typed, for its rule to refuse.
  const currency = (Form.useWatch('currency', form) as string | undefined)?.trim();
  // A total pasted with its currency ("€12.50") fills an empty currency, so the sign is not lost.
  const fillCurrency = (currency: string) => {
    if (!String(form.getFieldValue('currency') ?? '').trim()) form.setFieldValue('currency', currency);
  };
  return (
    <>
      <Form.Item name="vendor" label={<FieldLabel name="Vendor" field={receipt.vendor} />}>
        <Input maxLength={200} autoComplete="off" />
      </Form.Item>
      {/* Aligned at the bottom: a label whose words wrap (a narrow column) does not push its input down. */}
      <Flex gap={12} wrap align="flex-end">
        <Form.Item name="date" label={<FieldLabel name="Date" field={receipt.date} />} style={{ flex: '1 1 150px' }}>
          <Input type="date" />
        </Form.Item>
        <Form.Item
          name="total"
          label={<FieldLabel name="Total" field={receipt.total} />}
          style={{ flex: '1 1 110px' }}
          rules={[totalRule]}
          dependencies={['currency']}
          validateTrigger="onBlur"
        >
          <MoneyInput placeholder="0.00" currency={currency} onCurrency={fillCurrency} />
        </Form.Item>
        <Form.Item name="currency" label={<FieldLabel name="Currency" field={receipt.currency} />} style={{ flex: '1 1 110px' }}>
          <Input maxLength={3} placeholder="USD" style={{ textTransform: 'uppercase' }} />
        </Form.Item>
      </Flex>
    </>
  );
};
