import { useState } from 'react';
import { Alert, App, Drawer, Flex, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { Communication } from '@herd/contract';
import { formatDate, formatDateTime } from '../../../lib/format';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import { ChecklistAnswers, RequestChecklist } from './request-checklist';
import { RequestAcknowledge } from './request-acknowledge';
import { RequestNotes } from './request-notes';
import { RequestW9 } from './request-w9';
import { useClientPreview } from '../../client-side/preview';
import type { ClientRequestList } from './client-requests-api';
import { AnsweredNotice, HideFromList } from './request-client-actions';
import { dueWords, fromWords, KIND_WORDS, STATUS_WORDS, TAX_CLASSIFICATION_WORDS } from './request-words';

interface RequestDrawerProps {
  companyPk: number;
  /** The list it was opened from: what the client may do with it depends on it (hide a completed one, show a hidden one again). */
  list: ClientRequestList;
  request: Communication | null;
  onClose: () => void;
}

/** One request opened: what the accountant wrote and shared, the answer its kind takes, and its notes. */
export const RequestDrawer = ({ companyPk, list, request, onClose }: RequestDrawerProps) => {
  const phone = usePhoneLayout();
  return (
    <Drawer open={request !== null} onClose={onClose} title={request?.subject ?? 'Request'} size={phone ? '100%' : 520} destroyOnHidden>
      {request ? <DrawerBody key={request.pk} companyPk={companyPk} list={list} request={request} onClose={onClose} /> : null}
    </Drawer>
  );
};

const Shared = ({ request }: { request: Communication }) =>
  request.attachments.length > 0 ? (
    <section aria-label="Shared files">
      <Typography.Text strong>{request.sender === 'CLIENT' ? 'Your files' : 'Files from your accountant'}</Typography.Text>
      <ul style={{ margin: '6px 0 0', padding: 0 }}>
        {request.attachments.map((file) => (
          <li key={file.pk} style={{ listStyle: 'none', padding: '4px 0' }}>
            <Typography.Link href={file.url} target="_blank" rel="noreferrer" download={file.name} style={{ overflowWrap: 'anywhere' }}>
              <DownloadOutlined /> {file.name}
            </Typography.Link>
          </li>
        ))}
      </ul>
    </section>
  ) : null;

/** The W-9 as given: the TIN masked, or the signed form. */
const W9Given = ({ w9 }: { w9: NonNullable<Communication['w9']> }) => (
  <section aria-label="Your W-9">
    <Typography.Text strong>Your W-9 ({formatDate(w9.submitted_at)})</Typography.Text>
    {w9.signed_form ? (
      <Typography.Link href={w9.signed_form.url} target="_blank" rel="noreferrer" style={{ display: 'block' }}>
        {w9.signed_form.name}
      </Typography.Link>
    ) : (
      <Typography.Paragraph style={{ margin: '4px 0 0' }}>
        {w9.legal_name}
        {w9.business_name ? ` (${w9.business_name})` : ''}
        <br />
        {w9.tax_classification ? TAX_CLASSIFICATION_WORDS[w9.tax_classification] : null}
        <br />
        {w9.address_line}, {w9.city}, {w9.state} {w9.postal_code}
        <br />
        {w9.tin_kind}: {w9.tin_masked}
      </Typography.Paragraph>
    )}
  </section>
);

/** What the client gave, for a request that no longer waits on them. */
const Given = ({ request }: { request: Communication }) => (
  <Flex vertical gap={8}>
    {request.kind === 'REQUEST' ? <ChecklistAnswers request={request} /> : null}
    {request.w9 ? <W9Given w9={request.w9} /> : null}
    {request.acknowledged_at ? <Typography.Text>Acknowledged {formatDateTime(request.acknowledged_at)}</Typography.Text> : null}
    {request.question ? (
      <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
        <Typography.Text strong>Your question: </Typography.Text>
        {request.question}
      </Typography.Paragraph>
    ) : null}
  </Flex>
);

const Answer = ({ companyPk, request, onClose }: { companyPk: number; request: Communication; onClose: () => void }) => {
  switch (request.kind) {
    case 'REQUEST':
      return <RequestChecklist companyPk={companyPk} request={request} onAnswered={onClose} />;
    case 'REPORT':
    case 'NOTICE':
      return <RequestAcknowledge companyPk={companyPk} request={request} onAnswered={onClose} />;
    case 'W9':
      return <RequestW9 companyPk={companyPk} request={request} onAnswered={onClose} />;
  }
};

const DrawerBody = ({ companyPk, list, request, onClose }: { companyPk: number; list: ClientRequestList; request: Communication; onClose: () => void }) => {
  const { message } = App.useApp();
  // A due date is the client's concern only while the request waits on them.
  const due = request.status === 'PROCESSING' ? dueWords(request) : null;
  // Only what the accountant asked, and only while it waits on the client, takes an answer here. Decided when it opens: the
  // answer's own refresh of the list must not swap the form away before it has closed the drawer and said it was sent.
  const preview = useClientPreview();
  const [answering] = useState(() => request.sender === 'ACCOUNTANT' && request.status === 'PROCESSING');
  const answered = () => {
    const acknowledged = request.kind === 'NOTICE' || request.kind === 'REPORT';
    void message.success(`“${request.subject}” ${acknowledged ? 'acknowledged' : 'sent to your accountant'}.`);
    onClose();
  };
  return (
    <Flex vertical gap={16}>
      <Flex gap={6} wrap align="center">
        <Tag>{KIND_WORDS[request.kind]}</Tag>
        <Tag color={request.status === 'PROCESSING' ? 'processing' : undefined}>{STATUS_WORDS[request.status]}</Tag>
        {due ? <Tag color={request.overdue ? 'error' : 'default'}>{due}</Tag> : null}
      </Flex>
      <Typography.Text type="secondary">
        {fromWords(request)} · {formatDate(request.created_at)}
        {request.kind === 'W9' && request.w9_vendor ? ` · W-9 for ${request.w9_vendor}` : ''}
      </Typography.Text>
      {request.text ? <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{request.text}</Typography.Paragraph> : null}
      <Shared request={request} />
      {request.status === 'READY' && request.sender === 'ACCOUNTANT' ? (
        <AnsweredNotice companyPk={companyPk} request={request} onDone={onClose} canAct={!preview} />
      ) : null}
      {answering && preview ? (
        <Alert type="info" showIcon title="Waiting on the client" description="Only the client can answer this. In their view, the form to answer it is here." />
      ) : null}
      {answering && !preview ? <Answer companyPk={companyPk} request={request} onClose={answered} /> : <Given request={request} />}
      {/* The client's own list: the firm's view of it shows it, it does not tidy it. */}
      {list !== 'active' && !preview ? <HideFromList companyPk={companyPk} request={request} onDone={onClose} list={list} /> : null}
      <RequestNotes companyPk={companyPk} communicationPk={request.pk} />
    </Flex>
  );
};
