import { Button, Flex, Input, Typography } from 'antd';
import type { Note } from '@herd/contract';
import { NoteItem } from '../../../ui/note-item';
import { useServerError } from '../../../ui/use-server-error';
import { ChangesOnly, useReadOnly } from '../../billing/read-only-guard';
import { useCreateNote, useNotes, useUpdateNote } from '../api';

/** A note of this thread, saved through this thread's endpoint. */
const ThreadNote = ({ note, transactionPk }: { note: Note; transactionPk: number }) => {
  const showError = useServerError();
  const update = useUpdateNote(transactionPk);
  const { readOnly } = useReadOnly();
  return (
    <NoteItem
      note={note}
      testId="note"
      readOnly={readOnly}
      guardChange={(control) => <ChangesOnly>{control}</ChangesOnly>}
      saving={update.isPending}
      onSave={(body, whenSaved) => update.mutate({ notePk: note.pk, body }, { onSuccess: whenSaved, onError: (e) => showError(e) })}
    />
  );
};

interface NoteThreadProps {
  transactionPk: number;
  companyPk: number;
  /** The new note being written, kept by the editor with its other unsaved edits. */
  body: string;
  onBodyChange: (body: string) => void;
}

/** The conversation about one transaction between the client and the accountant. */
export const NoteThread = ({ transactionPk, companyPk, body, onBodyChange: setBody }: NoteThreadProps) => {
  const showError = useServerError();
  const notes = useNotes(transactionPk);
  const create = useCreateNote(transactionPk, companyPk);
  // A control's own `disabled` wins over the read-only region's, so it says both.
  const { readOnly } = useReadOnly();
  const send = () => create.mutate(body.trim(), { onSuccess: () => setBody(''), onError: (e) => showError(e) });
  return (
    <section aria-label="Notes">
      <Typography.Text strong>Notes</Typography.Text>
      <Flex vertical gap={8} style={{ marginTop: 8 }}>
        {notes.isError ? <Typography.Text type="danger">Could not load the notes.</Typography.Text> : null}
        {(notes.data ?? []).map((note) => (
          <ThreadNote key={note.pk} note={note} transactionPk={transactionPk} />
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
