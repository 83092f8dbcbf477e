import { useEffect, useRef } from 'react';
import { Button, Flex, Typography } from 'antd';
import { BulbOutlined } from '@ant-design/icons';
import type { TransactionSuggestion } from '@herd/contract';
import type { EditLine } from '../editor-state';

/** The lines with the suggestion applied to each: its category, and vendor, customer and class where it has them. */
export const withSuggestion = (lines: EditLine[], suggestion: TransactionSuggestion): EditLine[] =>
  lines.map((line) => ({
    ...line,
    category: suggestion.category,
    vendor: suggestion.vendor ?? line.vendor,
    customer: suggestion.customer ?? line.customer,
    class: suggestion.class ?? line.class,
  }));

export interface SuggestionCardProps {
  suggestion: TransactionSuggestion;
  onAccept: () => void;
  pending: boolean;
  /** The keyboard starts here, so Enter accepts (not on touch devices: no on-screen keyboard to open). */
  focus: boolean;
}

/**
 * Herd's proposed answer, shown first in the editor with why it is proposed;
 * one tap, click or Enter takes it and marks the transaction done.
 */
export const SuggestionCard = ({ suggestion, onAccept, pending, focus }: SuggestionCardProps) => {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) button.current?.focus({ preventScroll: true });
  }, [focus]);
  const extras = [suggestion.vendor, suggestion.customer, suggestion.class].filter((ref) => ref !== null).map((ref) => ref.name);
  return (
    <section
      aria-label="Suggested answer"
      data-testid="suggestion"
      style={{ border: '1px solid #91caff', background: '#f0f7ff', borderRadius: 8, padding: 12, overflowWrap: 'anywhere' }}
    >
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Typography.Text strong>
            <BulbOutlined aria-hidden /> Suggested: {suggestion.category.name}
            {extras.length > 0 ? ` · ${extras.join(' · ')}` : ''}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {suggestion.why}
          </Typography.Text>
        </Flex>
        <Button ref={button} type="primary" onClick={onAccept} loading={pending} data-keyboard-start={focus ? '' : undefined}>
          Accept{focus ? ' (Enter)' : ''}
        </Button>
      </Flex>
    </section>
  );
};
