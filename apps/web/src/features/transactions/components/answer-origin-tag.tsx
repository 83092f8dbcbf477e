import { Tag, Tooltip } from 'antd';
import type { Transaction } from '@herd/contract';

/**
 * Where the accountant reads how an answer came about: "Suggested" when the client accepted
 * Herd's suggestion as proposed. Nothing for an answer the person wrote themselves.
 */
export const AnswerOriginTag = ({ transaction }: { transaction: Pick<Transaction, 'answered_from_suggestion'> }) =>
  transaction.answered_from_suggestion ? (
    <Tooltip title="The client accepted Herd’s suggestion for this answer.">
      <Tag color="blue" variant="outlined" data-testid="answer-origin" tabIndex={0}>
        Suggested
      </Tag>
    </Tooltip>
  ) : null;
