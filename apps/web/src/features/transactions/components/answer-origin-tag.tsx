import { Tag, Tooltip } from 'antd';
import type { Transaction } from '@herd/contract';

/**
 * Where the accountant reads how an answer came about: "Auto" when Herd answered it by one of the
 * firm's rules, "Suggested" when the client accepted Herd's suggestion as proposed. Nothing for an
 * answer the person wrote themselves.
 */
export const AnswerOriginTag = ({ transaction }: { transaction: Pick<Transaction, 'answered_from_suggestion' | 'auto_answered'> }) => {
  if (transaction.auto_answered) {
    return (
      <Tooltip title="Herd answered this by one of your firm’s rules. Check it before publishing.">
        <Tag color="purple" variant="outlined" data-testid="answer-origin" tabIndex={0}>
          Auto
        </Tag>
      </Tooltip>
    );
  }
  return transaction.answered_from_suggestion ? (
    <Tooltip title="The client accepted Herd’s suggestion for this answer.">
      <Tag color="blue" variant="outlined" data-testid="answer-origin" tabIndex={0}>
        Suggested
      </Tag>
    </Tooltip>
  ) : null;
};
