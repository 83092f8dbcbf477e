import { useState } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import type { Note } from '@herd/contract';
import { NoteItem } from '../../../ui/note-item';
import { useServerError } from '../../../ui/use-server-error';
import { ChangesOnly, useReadOnly } from '../../billing/read-only-guard';

type Callbacks = { onSuccess?: () => void; onError?: (e: unknown) => void };

export interface RequestNoteThreadProps {
  notes: { data?: Note[]; isError: boolean };
  create: { mutate: (body: string, callbacks: Callbacks) => void; isPending: boolean };
  update: { mutate: (change: { notePk: number; body: string }, callbacks: Callbacks) => void; isPending: boolean };
  /** Said when the thread is empty: each side invites its own kind of note. */
  emptyText: string;
  heading?: boolean;
}

/** A request's notes, for either side: each side gives its own API hooks (the client's carry the company). */
export const RequestNoteThread = ({ notes, create, update, emptyText, heading = false }: RequestNoteThreadProps) => {
  const showError = useServerError();
  const [body, setBody] = useState('');
  const { readOnly } = useReadOnly();
  const send = () => create.mutate(body.trim(), { onSuccess: () => setBody(''), onError: (e) => showError(e) });
  return (
    <section aria-label="Notes">
      {heading ? <Typography.Text strong>Notes</Typography.Text> : null}
      <Flex vertical gap={8} style={heading ? { marginTop: 8 } : undefined}>
        {notes.isError ? <Typography.Text type="danger">Could not load the notes.</Typography.Text> : null}
        {(notes.data ?? []).map((note) => (
          <NoteItem
            key={note.pk}
            note={note}
            testId="request-note"
            readOnly={readOnly}
            guardChange={(control) => <ChangesOnly>{control}</ChangesOnly>}
            saving={update.isPending}
            onSave={(text, whenSaved) => update.mutate({ notePk: note.pk, body: text }, { onSuccess: whenSaved, onError: (e) => showError(e) })}
          />
        ))}
        {notes.data?.length === 0 ? <Typography.Text type="secondary">{emptyText}</Typography.Text> : null}
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
