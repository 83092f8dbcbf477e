import { Flex, Typography, theme } from 'antd';
import { PushpinFilled } from '@ant-design/icons';
import type { ClientSideCompany } from '@herd/contract';
import { formatDate } from '../../../lib/format';

type Pinned = NonNullable<ClientSideCompany['pinned_thread_note']>;

/** The note the accountant pinned from the company's conversation, first on the client's page (phone width included). */
export const PinnedThreadNote = ({ note, firm }: { note: Pinned; firm: string }) => {
  const { token } = theme.useToken();
  return (
    <section
      aria-label="Pinned message"
      data-testid="pinned-thread-note"
      style={{
        background: token.colorBgContainer,
        border: `2px solid ${token.colorPrimary}`,
        borderRadius: token.borderRadiusLG,
        padding: '14px 16px',
        minWidth: 0,
      }}
    >
      <Flex gap={12} align="flex-start">
        <PushpinFilled style={{ color: token.colorPrimary, fontSize: 18, marginTop: 3 }} />
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong>Pinned by {note.author ?? firm}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 8 }}>
            {formatDate(note.created_at)}
          </Typography.Text>
          <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.body}</Typography.Paragraph>
        </div>
      </Flex>
    </section>
  );
};
