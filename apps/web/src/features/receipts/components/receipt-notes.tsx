import { NoteThreadPanel } from '../../../ui/note-thread-panel';
import { useMentionSource } from '../../notes/api';
import { useThreadGuard } from '../../notes/thread-guard';
import { useCreateReceiptNote, useReceiptNotes, useUpdateReceiptNote } from '../receipt-notes-api';

interface ReceiptNotesProps {
  receiptPk: number;
  /** Refreshes what counts the notes. */
  onWritten?: () => Promise<unknown>;
  /**
   * On the firm's side, the company whose people "@" offers (null: a receipt
   * of the firm's inbox, which every colleague sees). Left out for a client.
   */
  mentionsAbout?: number | null;
}

/** The conversation about one receipt between the client and the accountant. */
export const ReceiptNotes = ({ receiptPk, onWritten, mentionsAbout }: ReceiptNotesProps) => {
  const mentions = useMentionSource(mentionsAbout ?? null);
  return (
    <NoteThreadPanel
      heading
      noteTestId="receipt-note"
      notes={useReceiptNotes(receiptPk)}
      create={useCreateReceiptNote(receiptPk, onWritten)}
      update={useUpdateReceiptNote(receiptPk)}
      mentions={mentionsAbout === undefined ? undefined : mentions}
      {...useThreadGuard()}
    />
  );
};
