import type { ReactNode } from 'react';
import { Flex, Tag, Typography } from 'antd';
import { MessageOutlined, RightOutlined } from '@ant-design/icons';
import type { Communication } from '@herd/contract';
import { askWords, dueWords, fromWords, KIND_WORDS, STATUS_WORDS } from './request-words';

/**
 * One request in a list, a whole-width button that opens it (a large touch target): the subject,
 * who sent it, when it is due, and what it asks.
 */
export const RequestRow = ({ request, onOpen, showStatus = false }: { request: Communication; onOpen: () => void; showStatus?: boolean }) => {
  const due = request.status === 'PROCESSING' ? dueWords(request) : null;
  const tags: ReactNode[] = [<Tag key="kind">{KIND_WORDS[request.kind]}</Tag>];
  if (showStatus || request.status !== 'PROCESSING') tags.push(<Tag key="status">{STATUS_WORDS[request.status]}</Tag>);
  if (due)
    tags.push(
      <Tag key="due" color={request.overdue ? 'error' : 'default'}>
        {due}
      </Tag>,
    );
  return (
    <li data-testid="request-row" style={{ listStyle: 'none', borderTop: '1px solid #eef1ef' }}>
      <button
        type="button"
        onClick={onOpen}
        aria-label={`Open request ${request.subject}`}
        style={{ all: 'unset', boxSizing: 'border-box', display: 'block', width: '100%', padding: '12px 16px', cursor: 'pointer' }}
      >
        <Flex gap={8} align="center">
          <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
              {request.subject}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {fromWords(request)} · {askWords(request)}
              {request.notes_count > 0 ? (
                <>
                  {' · '}
                  <MessageOutlined aria-label="Notes" /> {request.notes_count}
                </>
              ) : null}
            </Typography.Text>
            <Flex gap={4} wrap>
              {tags}
            </Flex>
          </Flex>
          <RightOutlined aria-hidden style={{ color: '#8c8c8c' }} />
        </Flex>
      </button>
    </li>
  );
};
