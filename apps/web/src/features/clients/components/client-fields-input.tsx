import { Checkbox, Flex } from 'antd';
import { CLIENT_EDITABLE_FIELDS, CLIENT_EDITABLE_FIELD_LABELS, FINISH_FIELDS, type ClientEditableField, type FinishField, type LedgerField } from '@herd/contract';

/** Which fields the client may set, and which of those they must fill before a transaction is done. */
export interface ClientFields {
  editable: ClientEditableField[];
  required: FinishField[];
}

interface ClientFieldsInputProps {
  value?: ClientFields;
  onChange?: (value: ClientFields) => void;
  /**
   * The fields the company's ledger has, named as it names them (`selects/{pk}/fields/list/`): only
   * those are offered (no class or location for Xero, its tracking categories by their names
   * there). Every field, in Herd's words, while unknown.
   */
  ledgerFields?: LedgerField[];
}

const requirable = (field: ClientEditableField): field is FinishField => (FINISH_FIELDS as readonly string[]).includes(field);

/**
 * One row per field: "the client may set it" and, beside it, "required to finish". A field the
 * client may not set cannot be required (the server refuses it too), so taking a field away also
 * takes away its requirement. Splitting is a permission, not a value: nothing to require.
 */
export const ClientFieldsInput = ({ value = { editable: [], required: [] }, onChange, ledgerFields }: ClientFieldsInputProps) => {
  const offered = ledgerFields ? new Map(ledgerFields.map((f) => [f.field, f.label])) : new Map(CLIENT_EDITABLE_FIELDS.map((f) => [f, CLIENT_EDITABLE_FIELD_LABELS[f]]));
  const setEditable = (field: ClientEditableField, on: boolean) =>
    onChange?.({
      editable: CLIENT_EDITABLE_FIELDS.filter((f) => (f === field ? on : value.editable.includes(f))),
      required: on ? value.required : value.required.filter((f) => f !== field),
    });
  const setRequired = (field: FinishField, on: boolean) =>
    onChange?.({ ...value, required: FINISH_FIELDS.filter((f) => (f === field ? on : value.required.includes(f))) });

  return (
    <div
      role="group"
      aria-label="Fields the client may set"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(280px, 100%), 1fr))', gap: '8px 24px' }}
    >
      {CLIENT_EDITABLE_FIELDS.filter((field) => offered.has(field)).map((field) => {
        const label = offered.get(field)!;
        const mayEdit = value.editable.includes(field);
        return (
          <Flex key={field} justify="space-between" align="center" gap={8} wrap data-testid={`client-field-${field}`}>
            <Checkbox checked={mayEdit} onChange={(event) => setEditable(field, event.target.checked)}>
              {label}
            </Checkbox>
            {requirable(field) ? (
              <Checkbox
                checked={mayEdit && value.required.includes(field)}
                disabled={!mayEdit}
                aria-label={`${label} required to finish`}
                onChange={(event) => setRequired(field, event.target.checked)}
                style={{ fontSize: 12 }}
              >
                Required to finish
              </Checkbox>
            ) : null}
          </Flex>
        );
      })}
    </div>
  );
};
