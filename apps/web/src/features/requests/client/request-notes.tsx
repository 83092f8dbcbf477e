import { RequestNoteThread } from '../components/request-note-thread';
import { useCreateRequestNote, useRequestNotes, useUpdateRequestNote } from './client-requests-api';

/** The conversation about one request between the client and the accountant. */
export const RequestNotes = ({ companyPk, communicationPk }: { companyPk: number; communicationPk: number }) => (
  <RequestNoteThread
    heading
    notes={useRequestNotes(communicationPk)}
    create={useCreateRequestNote(companyPk, communicationPk)}
    update={useUpdateRequestNote(communicationPk)}
    emptyText="No notes yet. Ask your accountant anything about this request here."
  />
);
