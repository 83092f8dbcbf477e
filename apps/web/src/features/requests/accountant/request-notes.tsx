import { RequestNoteThread } from '../components/request-note-thread';
import { useCreateRequestNote, useRequestNotes, useUpdateRequestNote } from './api';

/** The conversation about one request between the client and the firm (a send-back's message lands here too). */
export const RequestNotes = ({ requestPk }: { requestPk: number }) => (
  <RequestNoteThread notes={useRequestNotes(requestPk)} create={useCreateRequestNote(requestPk)} update={useUpdateRequestNote(requestPk)} emptyText="No notes yet." />
);
