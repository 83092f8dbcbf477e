import { NoteThreadPanel } from '../../../ui/note-thread-panel';
import { useMentionSource } from '../../notes/api';
import { useThreadGuard } from '../../notes/thread-guard';
import { useCreateNote, useNotes, useUpdateNote, type Side } from '../api';

interface NoteThreadProps {
  transactionPk: number;
  companyPk: number;
  /** The new note being written, kept by the editor with its other unsaved edits. */
  body: string;
  onBodyChange: (body: string) => void;
  /** The firm's side may mention colleagues who see the company; a client writes plain text. */
  side?: Side;
}

/** The conversation about one transaction between the client and the accountant. */
export const NoteThread = ({ transactionPk, companyPk, body, onBodyChange, side = 'client' }: NoteThreadProps) => {
  const mentions = useMentionSource(companyPk);
  return (
    <NoteThreadPanel
      heading
      noteTestId="note"
      notes={useNotes(transactionPk)}
      create={useCreateNote(transactionPk, companyPk)}
      update={useUpdateNote(transactionPk)}
      body={body}
      onBodyChange={onBodyChange}
      mentions={side === 'accountant' ? mentions : undefined}
      {...useThreadGuard()}
    />
  );
};
