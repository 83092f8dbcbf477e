import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Flex, Typography } from 'antd';
import { readTypedAmount } from '@herd/contract';
import { MoneyInput } from '../../../ui/money-input';

/** How long typing must pause before an amount bound applies. */
const AMOUNT_PAUSE_MS = 400;

/** A bound as the API takes it ("1000.50"), '' for none; or why the text is not an amount. */
const boundOf = (text: string): { amount: string } | { refusal: string } => {
  if (!text.trim()) return { amount: '' };
  const reading = readTypedAmount(text);
  return reading.ok ? { amount: reading.amount } : { refusal: reading.message };
};

interface AmountFilterInputProps {
  label: string;
  placeholder: string;
  /** The filter's value, as the address holds it. */
  value: string;
  onCommit: (value: string) => void;
  style: CSSProperties;
}

/**
 * An amount bound, applied once typing pauses, on Enter or when the field is left. It takes money as
 * people type and paste it ("$1,000.50", "(12.50)": `readTypedAmount`); what is not an amount is not
 * sent, and the field says why under it. It shows what is typed until then, and the filter's value
 * when that changes elsewhere (Back, a link).
 */
export const AmountFilterInput = ({ label, placeholder, value, onCommit, style }: AmountFilterInputProps) => {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const [refusal, setRefusal] = useState<string | null>(null);
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pause.current), []);
  if (value !== shown) {
    setShown(value);
    setText(value);
    setRefusal(null);
  }
  // Leaving the field unchanged keeps the page: "10" in the address and "10.00" on screen are one bound.
  const commit = (typed: string) => {
    clearTimeout(pause.current);
    const bound = boundOf(typed);
    if ('refusal' in bound) return setRefusal(bound.refusal);
    const current = boundOf(value);
    if (!('amount' in current) || bound.amount !== current.amount) onCommit(bound.amount);
  };
  const change = (typed: string) => {
    setText(typed);
    setRefusal(null);
    clearTimeout(pause.current);
    pause.current = setTimeout(() => commit(typed), AMOUNT_PAUSE_MS);
  };
  return (
    <Flex vertical style={style}>
      <MoneyInput
        aria-label={label}
        aria-invalid={refusal !== null}
        placeholder={placeholder}
        value={text}
        status={refusal ? 'error' : undefined}
        onChange={change}
        onBlur={() => commit(text)}
        onPressEnter={() => commit(text)}
      />
      {refusal ? (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
          {refusal}
        </Typography.Text>
      ) : null}
    </Flex>
  );
};
