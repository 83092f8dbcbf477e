import { useState } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import type { Note } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { useServerError } from '../../../ui/use-server-error';
import { ChangesOnly, useReadOnly } from '../../billing/read-only-guard';
import { useCreateReceiptNote, useReceiptNotes, useUpdateReceiptNote } from '../receipt-notes-api';

const NoteItem = ({ note, receiptPk }: { note: Note; receiptPk: number }) => {
  const showError = useServerError();
  const update = useUpdateReceiptNote(receiptPk);
  const [draft, setDraft] = useState<string | null>(null);
  const { readOnly } = useReadOnly();
  const save = () => update.mutate({ notePk: note.pk, body: draft ?? '' }, { onSuccess: () => setDraft(null), onError: (e) => showError(e) });
  return (
    <div data-testid="receipt-note" style={{ background: note.sender === 'ACCOUNTANT' ? '#eef5f1' : '#f7f7f5', borderRadius: 8, padding: '8px 12px' }}>
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text strong>{note.author?.name ?? (note.sender === 'ACCOUNTANT' ? 'Accountant' : 'Client')}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDate(note.created_at)}
          {note.edited ? ' · edited' : ''}
        </Typography.Text>
      </Flex>
      {draft === null ? (
        <Flex justify="space-between" align="flex-end" gap={8}>
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.body}</Typography.Paragraph>
          {note.is_mine ? (
            <ChangesOnly>
              <Button type="link" size="small" onClick={() => setDraft(note.body)}>
                Edit
              </Button>
            </ChangesOnly>
          ) : null}
        </Flex>
      ) : (
        <Flex vertical gap={6} style={{ marginTop: 6 }}>
          <Input.TextArea aria-label="Edit note" value={draft} onChange={(e) => setDraft(e.target.value)} autoSize={{ minRows: 2 }} />
          <Flex gap={8}>
            <Button size="small" type="primary" onClick={save} loading={update.isPending} disabled={readOnly || !draft.trim()}>
              Save note
            </Button>
            <Button size="small" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </Flex>
        </Flex>
      )}
    </div>
  );
};

/** The conversation about one receipt between the client and the accountant. `onWritten` refreshes what counts the notes. */
export const ReceiptNotes = ({ receiptPk, onWritten }: { receiptPk: number; onWritten?: () => Promise<unknown> }) => {
  const showError = useServerError();
  const notes = useReceiptNotes(receiptPk);
  const create = useCreateReceiptNote(receiptPk, onWritten);
  const [body, setBody] = useState('');
  const { readOnly } = useReadOnly();
  const send = () => create.mutate(body.trim(), { onSuccess: () => setBody(''), onError: (e) => showError(e) });
  return (
    <section aria-label="Notes">
      <Typography.Text strong>Notes</Typography.Text>
      <Flex vertical gap={8} style={{ marginTop: 8 }}>
        {notes.isError ? <Typography.Text type="danger">Could not load the notes.</Typography.Text> : null}
        {(notes.data ?? []).map((note) => (
          <NoteItem key={note.pk} note={note} receiptPk={receiptPk} />
        ))}
        {notes.data?.length === 0 ? <Typography.Text type="secondary">No notes yet.</Typography.Text> : null}
        <ChangesOnly>
          <Input.TextArea aria-label="New note" placeholder="Write a note" value={body} onChange={(e) => setBody(e.target.value)} autoSize={{ minRows: 2 }} />
          <div>
            <Button onClick={send} loading={create.isPending} disabled={readOnly || !body.trim()}>
              Add note
            </Button>
          </div>
        </ChangesOnly>
      </Flex>
    </section>
  );
};
