import type { NoteThreadPanelProps } from '../../../ui/note-thread-panel';
import { NoteThreadPanel } from '../../../ui/note-thread-panel';
import { useThreadGuard } from '../../notes/thread-guard';

export type RequestNoteThreadProps = Pick<NoteThreadPanelProps, 'notes' | 'create' | 'update' | 'emptyText' | 'heading' | 'mentions'>;

/** A request's notes, for either side: each side gives its own API hooks (the client's carry the company). */
export const RequestNoteThread = (props: RequestNoteThreadProps) => <NoteThreadPanel noteTestId="request-note" {...props} {...useThreadGuard()} />;
