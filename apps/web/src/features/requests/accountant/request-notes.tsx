import { useState } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import type { Note } from '@herd/contract';
import { NoteItem } from '../../../ui/note-item';
import { useServerError } from '../../../ui/use-server-error';
import { ChangesOnly, useReadOnly } from '../../billing/read-only-guard';
import { useCreateRequestNote, useRequestNotes, useUpdateRequestNote } from './api';

const ThreadNote = ({ note, requestPk }: { note: Note; requestPk: number }) => {
  const showError = useServerError();
  const update = useUpdateRequestNote(requestPk);
  const { readOnly } = useReadOnly();
  return (
    <NoteItem
      note={note}
      testId="request-note"
      readOnly={readOnly}
      guardChange={(control) => <ChangesOnly>{control}</ChangesOnly>}
      saving={update.isPending}
      onSave={(body, whenSaved) => update.mutate({ notePk: note.pk, body }, { onSuccess: whenSaved, onError: (e) => showError(e) })}
    />
  );
};

/** The conversation about one request between the client and the firm (a send-back's message lands here too). */
export const RequestNotes = ({ requestPk }: { requestPk: number }) => {
  const showError = useServerError();
  const notes = useRequestNotes(requestPk);
  const create = useCreateRequestNote(requestPk);
  const [body, setBody] = useState('');
  const { readOnly } = useReadOnly();
  const send = () => create.mutate(body.trim(), { onSuccess: () => setBody(''), onError: (e) => showError(e) });
  return (
    <section aria-label="Notes">
      <Flex vertical gap={8}>
        {notes.isError ? <Typography.Text type="danger">Could not load the notes.</Typography.Text> : null}
        {(notes.data ?? []).map((note) => (
          <ThreadNote key={note.pk} note={note} requestPk={requestPk} />
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
