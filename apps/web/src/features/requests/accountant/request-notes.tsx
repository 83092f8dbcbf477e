import { useMentionSource } from '../../notes/api';
import { RequestNoteThread } from '../components/request-note-thread';
import { useCreateRequestNote, useRequestNotes, useUpdateRequestNote } from './api';

/** The conversation about one request between the client and the firm (a send-back's message lands here too); "@" offers colleagues who see the company. */
export const RequestNotes = ({ requestPk, companyPk }: { requestPk: number; companyPk: number }) => (
  <RequestNoteThread
    notes={useRequestNotes(requestPk)}
    create={useCreateRequestNote(requestPk)}
    update={useUpdateRequestNote(requestPk)}
    mentions={useMentionSource(companyPk)}
    emptyText="No notes yet."
  />
);
