import { useState } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import { formatDate } from '../../lib/format';
import { useServerError } from '../../ui/use-server-error';
import { ChangesOnly, useReadOnly } from '../billing/read-only-guard';
import { useCreateReceiptNote, useReceiptNotes } from './receipt-notes-api';

/** The conversation about one receipt between the client and the accountant. */
export const ReceiptNotes = ({ receiptPk }: { receiptPk: number }) => {
  const notes = useReceiptNotes(receiptPk);
  const create = useCreateReceiptNote(receiptPk);
  const showError = useServerError();
  const [body, setBody] = useState('');
  const { readOnly } = useReadOnly();
  const send = () => create.mutate(body.trim(), { onSuccess: () => setBody(''), onError: (error) => showError(error, 'Could not send the note') });
  return (
    <Flex vertical gap={8} aria-label="Notes">
      {notes.data?.length === 0 ? <Typography.Text type="secondary">No notes yet.</Typography.Text> : null}
      {notes.data?.map((note) => (
        <div key={note.pk} data-testid="receipt-note" style={{ background: note.sender === 'ACCOUNTANT' ? '#eef5f1' : '#f7f7f5', borderRadius: 8, padding: '8px 12px' }}>
          <Flex justify="space-between" gap={8}>
            <Typography.Text strong>{note.author?.name ?? (note.sender === 'ACCOUNTANT' ? 'Accountant' : 'Client')}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDate(note.created_at)}
            </Typography.Text>
          </Flex>
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{note.body}</Typography.Paragraph>
        </div>
      ))}
      <ChangesOnly>
        <Input.TextArea aria-label="New note" value={body} onChange={(e) => setBody(e.target.value)} autoSize={{ minRows: 2 }} placeholder="Write a note…" />
        <Button onClick={send} loading={create.isPending} disabled={readOnly || !body.trim()} style={{ alignSelf: 'flex-start' }}>
          Send note
        </Button>
      </ChangesOnly>
    </Flex>
  );
};
