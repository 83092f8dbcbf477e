import { Card, Flex, Tag, Typography } from 'antd';
import type { Communication } from '@herd/contract';
import { formatDateTime } from '../../../lib/format';
import { RequestFiles } from '../components/request-files';
import { RequestW9 } from './request-w9';

/** The checklist with each item's answer: its text or its files. */
const Checklist = ({ c }: { c: Communication }) => (
  <Flex vertical gap={8} component="ol" style={{ paddingInlineStart: 0, listStyle: 'none', margin: 0 }}>
    {c.items.map((item, i) => (
      <li key={item.pk} aria-label={`Item ${i + 1}: ${item.label}`}>
        <Card size="small">
          <Flex justify="space-between" gap={8} wrap>
            <Typography.Text strong>
              {i + 1}. {item.label}
            </Typography.Text>
            <Flex gap={4}>
              {item.required ? null : <Tag>Optional</Tag>}
              {item.answered_at ? <Tag color="green">Answered</Tag> : <Tag>Not answered</Tag>}
            </Flex>
          </Flex>
          <div style={{ marginTop: 6 }}>
            {item.answer_kind === 'TEXT' ? (
              item.answer_text ? (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{item.answer_text}</Typography.Paragraph>
              ) : (
                <Typography.Text type="secondary">No answer yet.</Typography.Text>
              )
            ) : (
              <RequestFiles files={item.answer_files} empty="No files yet." />
            )}
          </div>
        </Card>
      </li>
    ))}
  </Flex>
);

/** What the client gave, by kind: the checklist's answers, an acknowledgement (and question), or a W-9. */
export const RequestAnswers = ({ c }: { c: Communication }) => {
  if (c.kind === 'REQUEST') return <Checklist c={c} />;
  if (c.kind === 'W9') return <RequestW9 communicationPk={c.pk} vendor={c.w9_vendor} w9={c.w9} />;
  if (c.sender === 'CLIENT') return null;
  return (
    <Flex vertical gap={4}>
      <Typography.Text>{c.acknowledged_at ? `Acknowledged ${formatDateTime(c.acknowledged_at)}.` : 'Not acknowledged yet.'}</Typography.Text>
      {c.question ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
          <Typography.Text strong>The client asks: </Typography.Text>
          {c.question}
        </Typography.Paragraph>
      ) : null}
    </Flex>
  );
};
