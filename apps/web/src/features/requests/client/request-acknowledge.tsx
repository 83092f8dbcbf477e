import { useState } from 'react';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import type { Communication } from '@herd/contract';
import { serverErrorText } from '../../../lib/form-errors';
import { ChangesOnly } from '../../billing/read-only-guard';
import { useAnswerRequest } from './client-requests-api';

/**
 * A REPORT or a NOTICE answered with one tap: Acknowledge. A report may carry a question, which
 * keeps it with the accountant until they answer; a notice's questions go in its notes.
 */
export const RequestAcknowledge = ({ companyPk, request, onAnswered }: { companyPk: number; request: Communication; onAnswered: () => void }) => {
  const answer = useAnswerRequest(companyPk);
  const [question, setQuestion] = useState('');
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const report = request.kind === 'REPORT';

  const acknowledge = () => {
    setProblem(null);
    const asked = report && question.trim() ? { question: question.trim() } : {};
    answer.mutate({ pk: request.pk, acknowledge: true, ...asked }, { onSuccess: onAnswered, onError: (error) => setProblem(serverErrorText(error)) });
  };

  return (
    <section aria-label="Acknowledge">
      <Flex vertical gap={12}>
        {report && asking ? (
          <Flex vertical gap={4}>
            <label htmlFor={`question-${request.pk}`}>Your question (optional)</label>
            <Input.TextArea
              id={`question-${request.pk}`}
              value={question}
              onChange={(e) => setQuestion(e.target.value)}
              autoSize={{ minRows: 2, maxRows: 6 }}
              maxLength={2000}
            />
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              Your accountant answers it before closing the report.
            </Typography.Text>
          </Flex>
        ) : null}
        {problem ? <Alert type="error" showIcon message={problem} /> : null}
        <ChangesOnly>
          <Flex gap={8} wrap>
            <Button type="primary" size="large" icon={<CheckOutlined />} onClick={acknowledge} loading={answer.isPending} style={{ flex: 1 }}>
              {report && question.trim() ? 'Acknowledge and ask' : 'Acknowledge'}
            </Button>
            {report && !asking ? (
              <Button size="large" onClick={() => setAsking(true)} style={{ flex: 1 }}>
                Ask a question
              </Button>
            ) : null}
          </Flex>
        </ChangesOnly>
      </Flex>
    </section>
  );
};
