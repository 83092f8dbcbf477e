import { Input, type InputProps } from 'antd';
import { readTypedAmount } from '@herd/contract';

export interface MoneyInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: string;
  onChange?: (text: string) => void;
  /** The currency of what this is an amount of: an amount written in another ("€12" on a USD line) is not read. */
  currency?: string | null;
  /** Told, once the field is left, the currency an amount named ("€12.50", "12.50 EUR"): for a form with a currency field. */
  onCurrency?: (currency: string) => void;
}

/**
 * The one field for money. It takes what people type and paste ("$500.00", "1,234.56", "(12.50)",
 * read by the contract's `readTypedAmount`) and, once left, shows it as the amount it was read as
 * ("500.00"), so what is saved is what the person sees. Text that is not an amount stays as typed,
 * for the person to fix; the form around it says why (`readTypedAmount`'s message).
 */
export const MoneyInput = ({ value, onChange, currency, onCurrency, onBlur, ...rest }: MoneyInputProps) => (
  <Input
    inputMode="decimal"
    autoComplete="off"
    {...rest}
    value={value}
    onChange={(event) => onChange?.(event.target.value)}
    onBlur={(event) => {
      const reading = readTypedAmount(value, { currency });
      if (reading.ok) {
        if (reading.amount !== value) onChange?.(reading.amount);
        if (reading.currency !== null) onCurrency?.(reading.currency);
      }
      onBlur?.(event);
    }}
  />
);

/** Why `text` is not an amount, in words for the person; null when it is one, or blank (a blank field's rule is its form's). */
export const moneyRefusal = (text: string | null | undefined, currency?: string | null): string | null => {
  if (!text?.trim()) return null;
  const reading = readTypedAmount(text, { currency });
  return reading.ok ? null : reading.message;
};

/** A form rule for a money field that may be left blank: refuses, in the person's words, what is not an amount. */
export const moneyRule = {
  validator: (_: unknown, value: string) => {
    const refusal = moneyRefusal(value);
    return refusal ? Promise.reject(new Error(refusal)) : Promise.resolve();
  },
};
