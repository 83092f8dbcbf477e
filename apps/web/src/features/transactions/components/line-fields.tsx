import { useState, type ReactNode } from 'react';
import { App, Button, Col, Form, Row, Select } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { formatCents, readTypedAmount, type ClientEditableField, type Direction, type FinishField } from '@herd/contract';
import { MoneyInput } from '../../../ui/money-input';
import { useServerError } from '../../../ui/use-server-error';
import { useClient } from '../../clients/api';
import { useCreateRef, type OptionSource, type PickedOption, type RefKindPath, type SelectOption, type Side } from '../api';
import { categoryDirectionWarning } from '../category-direction';
import { may, type Editable, type EditLine, type RefField } from '../editor-state';
import type { LedgerFields } from '../ledger-fields';
import { NewCategoryModal } from './new-category-modal';
import { RefSelect } from './ref-select';
import { REQUIRED_TO_FINISH } from './required-mark';

interface LineFieldsProps {
  line: EditLine;
  index: number;
  companyPk: number;
  transactionPk: number;
  side: Side;
  editable: Editable;
  direction: Direction;
  /** The transaction's currency: a line's amount typed in another is not read. */
  currency: string;
  /** What the company's ledger has, and what it calls each field (a Xero tracking category by its name there). */
  fields: LedgerFields;
  split: boolean;
  /** Fields needed to finish: shown first, marked. */
  required: readonly FinishField[];
  errors: Record<string, string>;
  onChange: (patch: Partial<EditLine>) => void;
  onRemove?: () => void;
}

const REF_PATHS: Partial<Record<RefField, RefKindPath | 'categories'>> = {
  category: 'categories',
  vendor: 'vendors',
  customer: 'customers',
  class: 'classes',
  location: 'locations',
  tax: 'taxes',
};

/** One line of a transaction: its amount when split, and the fields this person may set. */
export const LineFields = (props: LineFieldsProps) => {
  const { line, index, companyPk, transactionPk, side, editable, direction, currency, fields, split, required, errors, onChange, onRemove } = props;
  const showError = useServerError();
  const { message } = App.useApp();
  const create = useCreateRef(companyPk);
  const error = (field: string) => errors[`lines.${index}.${field}`];
  const isRequired = (field: FinishField) => required.includes(field);
  /** What marks a field the company requires to finish: antd's asterisk and the words under it (an error, when there is one, takes their place). */
  const mark = (field: FinishField) => (isRequired(field) ? { required: true, extra: REQUIRED_TO_FINISH } : {});

  // A new category needs an account type, so it is made in a dialog; the picker waits for its answer.
  const company = useClient(side === 'accountant' ? companyPk : null);
  const [newCategory, setNewCategory] = useState<{ name: string; resolve: (created: SelectOption | null) => void } | null>(null);
  // The account type of the category picked here, so a pick that goes against the money's direction is pointed out (never refused).
  const [picked, setPicked] = useState<{ pk: number; accountType: string } | null>(null);
  const directionWarning = picked && line.category?.pk === picked.pk ? categoryDirectionWarning(line.category.name, picked.accountType, direction) : null;
  const warning = (field: RefField) => (field === 'category' ? directionWarning : null);
  // What the amount says once the field is left: why it is not an amount, or that a negative line takes money off the others.
  const [typing, setTyping] = useState(false);
  const reading = readTypedAmount(line.amount, { currency });
  const refusal = !typing && !reading.ok && reading.reason !== 'empty' ? reading.message : null;
  const negative = reading.ok && reading.cents < 0 ? `Negative: takes ${formatCents(-reading.cents)} off the other lines (a refund or a discount).` : null;
  const amountHelp = error('amount') ?? refusal ?? negative;
  const amountStatus = error('amount') || refusal ? 'error' : negative ? 'warning' : undefined;
  const closeNewCategory = (created: SelectOption | null) => {
    newCategory?.resolve(created);
    setNewCategory(null);
  };

  const creator = (kind: 'vendors' | 'customers' | 'categories') => {
    if (side !== 'accountant') return undefined;
    if (kind === 'categories') return (name: string) => new Promise<SelectOption | null>((resolve) => setNewCategory({ name, resolve }));
    return async (name: string) => {
      try {
        const created = await create.mutateAsync({ kind, name, transaction: transactionPk });
        // QuickBooks Desktop is reached only when its Web Connector runs: say when the entry gets there.
        if (company.data?.connection_kind === 'QBD')
          void message.info(`“${name}” can be used now; it will be created in QuickBooks Desktop at the next Web Connector run.`);
        return created;
      } catch (failure) {
        showError(failure);
        return null;
      }
    };
  };

  const refField = (field: RefField, source: OptionSource, onCreate?: (name: string) => Promise<SelectOption | null>) => (
    <Col xs={24} md={12} key={field}>
      <Form.Item
        label={fields.label(field)}
        {...mark(field)}
        validateStatus={error(field) ? 'error' : warning(field) ? 'warning' : undefined}
        help={error(field) ?? warning(field)}
        style={{ marginBottom: 12 }}
      >
        <RefSelect
          label={fields.label(field)}
          id={`line-${index}-${field}`}
          value={line[field]}
          onChange={(value, option?: PickedOption) => {
            if (field === 'category') setPicked(value && option?.account_type !== undefined ? { pk: value.pk, accountType: option.account_type } : null);
            onChange({ [field]: value });
          }}
          source={source}
          onCreate={onCreate}
          status={error(field) ? 'error' : undefined}
        />
      </Form.Item>
    </Col>
  );

  const simple = (field: RefField, createKind?: 'vendors' | 'customers' | 'categories') =>
    may(editable, field as ClientEditableField) && fields.has(field)
      ? refField(field, { kind: REF_PATHS[field]!, companyPk, side, ...(field === 'category' ? { direction } : {}) }, createKind ? creator(createKind) : undefined)
      : null;

  // The company's required fields come first, in the usual order among themselves.
  const shown = (
    [
      { field: 'category', node: simple('category', 'categories') },
      direction === 'COSTS' ? { field: 'vendor', node: simple('vendor', 'vendors') } : { field: 'customer', node: simple('customer', 'customers') },
      { field: 'class', node: simple('class') },
      { field: 'location', node: simple('location') },
      { field: 'tax', node: simple('tax') },
      {
        field: 'tracking_option_one',
        node:
          fields.tracking[0] !== null && may(editable, 'tracking_option_one')
            ? refField('tracking_option_one', { kind: 'tracking-options', companyPk, trackingPk: fields.tracking[0] })
            : null,
      },
      {
        field: 'tracking_option_two',
        node:
          fields.tracking[1] !== null && may(editable, 'tracking_option_two')
            ? refField('tracking_option_two', { kind: 'tracking-options', companyPk, trackingPk: fields.tracking[1] })
            : null,
      },
      {
        field: 'billable',
        node:
          may(editable, 'billable') && fields.has('billable') ? (
            <Col xs={24} md={12} key="billable">
              <Form.Item
                label="Billable"
                {...mark('billable')}
                style={{ marginBottom: 12 }}
                validateStatus={error('billable') ? 'error' : undefined}
                help={error('billable')}
              >
                <Select
                  aria-label="Billable"
                  placeholder="Choose billable"
                  allowClear
                  value={line.billable ?? undefined}
                  onChange={(value: EditLine['billable'] | undefined) => onChange({ billable: value ?? null })}
                  options={[
                    { value: 'BILLABLE', label: 'Billable' },
                    { value: 'NOT_BILLABLE', label: 'Not billable' },
                  ]}
                />
              </Form.Item>
            </Col>
          ) : null,
      },
    ] satisfies { field: FinishField; node: ReactNode }[]
  ).sort((a, b) => Number(isRequired(b.field)) - Number(isRequired(a.field)));

  return (
    <div data-testid={`line-${index}`} style={{ borderTop: index > 0 ? '1px dashed #d9e0dc' : undefined, paddingTop: index > 0 ? 12 : 0 }}>
      <Row gutter={12}>
        {split ? (
          <Col xs={24} md={12}>
            <Form.Item label={`Line ${index + 1} amount`} validateStatus={amountStatus} help={amountHelp} style={{ marginBottom: 12 }}>
              <MoneyInput
                aria-label={`Line ${index + 1} amount`}
                value={line.amount}
                currency={currency}
                onFocus={() => setTyping(true)}
                onBlur={() => setTyping(false)}
                onChange={(amount) => onChange({ amount })}
                suffix={onRemove ? <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={`Remove line ${index + 1}`} onClick={onRemove} /> : null}
              />
            </Form.Item>
          </Col>
        ) : null}
        {shown.map(({ node }) => node)}
      </Row>
      {side === 'accountant' ? (
        <NewCategoryModal
          name={newCategory?.name ?? null}
          companyPk={companyPk}
          transactionPk={transactionPk}
          connectionKind={company.data?.connection_kind ?? null}
          direction={direction}
          onCreated={closeNewCategory}
          onCancel={() => closeNewCategory(null)}
        />
      ) : null}
    </div>
  );
};
