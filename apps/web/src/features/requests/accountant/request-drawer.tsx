import { Alert, Button, Divider, Drawer, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { COMMUNICATION_LIST_STATUSES, type Communication } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { ChangesOnly } from '../../billing/read-only-guard';
import { RequestFiles } from '../components/request-files';
import { allowedMoves, REQUEST_MOVE_LABELS, type RequestMoveName } from '../components/request-moves';
import { REQUEST_KIND_LABELS, REQUEST_STATUS_COLORS, REQUEST_STATUS_WORDS } from '../components/request-words';
import { RequestAnswers } from './request-answers';
import { RequestEditForm } from './request-edit-form';
import { RequestNotes } from './request-notes';

/** Moves that undo the client's work or take the request out of sight ask first. */
const CONFIRM: Partial<Record<RequestMoveName, { title: string; description: string }>> = {
  cancel: { title: 'Cancel this request?', description: 'It moves to the completed list; the client’s answers stay. You can reopen it.' },
  hide: { title: 'Hide this request?', description: 'The client no longer sees it anywhere.' },
};

interface RequestDrawerProps {
  request: Communication | null;
  onClose: () => void;
  /** Runs a move; "back" opens the send-back message first. */
  onMove: (move: RequestMoveName, c: Communication) => void;
  busy: boolean;
}

const MoveButton = ({ move, c, onMove, busy }: { move: RequestMoveName; c: Communication; onMove: RequestDrawerProps['onMove']; busy: boolean }) => {
  const confirm = CONFIRM[move];
  const button = (
    <Button type={move === 'accept' ? 'primary' : 'default'} danger={move === 'cancel'} disabled={busy} onClick={confirm ? undefined : () => onMove(move, c)}>
      {REQUEST_MOVE_LABELS[move]}
    </Button>
  );
  return confirm ? (
    <Popconfirm title={confirm.title} description={confirm.description} okText={REQUEST_MOVE_LABELS[move]} cancelText="Keep" onConfirm={() => onMove(move, c)}>
      {button}
    </Popconfirm>
  ) : (
    button
  );
};

/** Only an open request is worth correcting: a finished or cancelled one is reopened first. */
const editable = (c: Communication) => (COMMUNICATION_LIST_STATUSES.active as readonly string[]).includes(c.status);

const Body = ({ c, onMove, busy }: { c: Communication; onMove: RequestDrawerProps['onMove']; busy: boolean }) => {
  const [editing, setEditing] = useState(false);
  return (
    <Flex vertical gap={12}>
      <Flex gap={6} wrap align="center">
        <Tag>{REQUEST_KIND_LABELS[c.kind]}</Tag>
        <Tag color={REQUEST_STATUS_COLORS[c.status]}>{REQUEST_STATUS_WORDS[c.status]}</Tag>
        {c.is_hidden ? <Tag>Hidden</Tag> : null}
        {c.due_date ? (
          <Typography.Text type={c.overdue ? 'danger' : 'secondary'}>{`${c.overdue ? 'Overdue: was due' : 'Due'} ${formatDate(c.due_date)}`}</Typography.Text>
        ) : null}
      </Flex>
      {c.sync_error ? <Alert type="error" showIcon message="Sync error" description={c.sync_error} /> : null}
      {c.undelivered > 0 ? (
        <Alert
          type="warning"
          showIcon
          title="Not emailed yet"
          description={`Herd could not email this to ${c.undelivered === 1 ? '1 person' : `${c.undelivered} people`} at the client yet. It tries again every quarter of an hour for three days after the request was sent. They can see it when they sign in.`}
        />
      ) : null}
      <ChangesOnly>
        <Flex gap={8} wrap aria-label="Actions" role="group">
          {allowedMoves(c).map((move) => (
            <MoveButton key={move} move={move} c={c} onMove={onMove} busy={busy} />
          ))}
          {editable(c) && !editing ? <Button onClick={() => setEditing(true)}>Edit</Button> : null}
        </Flex>
      </ChangesOnly>
      {editing ? <RequestEditForm request={c} onDone={() => setEditing(false)} /> : null}
      {c.kind === 'W9' && c.w9_vendor ? <Typography.Text>Vendor: {c.w9_vendor}</Typography.Text> : null}
      {c.text && !editing ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{c.text}</Typography.Paragraph> : null}
      {c.attachments.length ? (
        <section aria-label="Attachments">
          <Typography.Text strong>Attachments</Typography.Text>
          <RequestFiles files={c.attachments} />
        </section>
      ) : null}
      <Divider style={{ margin: '4px 0' }} />
      <section aria-label="Answers">
        <Typography.Title level={5}>{c.kind === 'W9' ? 'W-9' : c.kind === 'REQUEST' ? 'Checklist' : 'Answer'}</Typography.Title>
        <RequestAnswers c={c} />
      </section>
      <Divider style={{ margin: '4px 0' }} />
      <Typography.Title level={5} style={{ marginBottom: 0 }}>
        Notes
      </Typography.Title>
      <RequestNotes requestPk={c.pk} companyPk={c.client_company.pk} />
    </Flex>
  );
};

/** One request: what was asked, what the client gave, what the accountant can do with it, and its notes. */
export const RequestDrawer = ({ request, onClose, onMove, busy }: RequestDrawerProps) => (
  <Drawer open={request !== null} onClose={onClose} title={request?.subject ?? 'Request'} size="min(560px, 100vw)" destroyOnHidden>
    {request ? <Body key={request.pk} c={request} onMove={onMove} busy={busy} /> : null}
  </Drawer>
);
