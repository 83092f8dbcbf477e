import { useState, type ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';
import type { MentionedPerson, Note } from '@herd/contract';
import { NoteItem } from './note-item';
import { NoteComposer, type MentionSource } from './note-composer';
import { mentionsIn, type NoteDraft } from './note-draft';
import { useServerError } from './use-server-error';

type Callbacks = { onSuccess?: () => void; onError?: (e: unknown) => void };

export interface NoteThreadPanelProps {
  /** The thread's notes, as its own query gives them. */
  notes: { data?: Note[]; isPending: boolean; isError: boolean };
  create: { mutate: (draft: NoteDraft, callbacks: Callbacks) => void; isPending: boolean };
  update: { mutate: (change: { notePk: number; body: string }, callbacks: Callbacks) => void; isPending: boolean };
  /** The firm is read-only: nothing may be written (the guard says why). */
  readOnly: boolean;
  /** Wraps every control that writes, e.g. in the read-only guard. */
  guard: (control: ReactNode) => ReactNode;
  /** Each note's test id, as each thread's tests know it. */
  noteTestId: string;
  /** Said when the thread is empty: each place invites its own kind of note. */
  emptyText?: string;
  heading?: boolean;
  /** The unsent note, when the page keeps it (the transaction editor keeps it with its other edits). */
  body?: string;
  onBodyChange?: (body: string) => void;
  /** Given on the firm's side: "@" offers these colleagues. */
  mentions?: MentionSource;
  /** More controls on a note (pinning, on a client company's thread). */
  noteActions?: (note: Note) => ReactNode;
}

/**
 * One note thread, whatever it is about (a transaction, a receipt, a request,
 * a client company): the notes, who wrote each and when, Edit for one's own,
 * the empty, loading and error states, and the box a new note is written in.
 * Each place gives its own API hooks.
 */
export const NoteThreadPanel = (props: NoteThreadPanelProps) => {
  const { notes, create, update, readOnly, guard, noteTestId, emptyText = 'No notes yet.', heading = false, mentions, noteActions } = props;
  const showError = useServerError();
  const [ownBody, setOwnBody] = useState('');
  const [picked, setPicked] = useState<MentionedPerson[]>([]);
  const body = props.body ?? ownBody;
  const setBody = props.onBodyChange ?? setOwnBody;
  const send = () => {
    const text = body.trim();
    create.mutate(
      { body: text, mentions: mentionsIn(text, picked) },
      {
        onSuccess: () => {
          setBody('');
          setPicked([]);
        },
        onError: (e) => showError(e),
      },
    );
  };
  return (
    <section aria-label="Notes">
      {heading ? <Typography.Text strong>Notes</Typography.Text> : null}
      <Flex vertical gap={8} style={heading ? { marginTop: 8 } : undefined}>
        {notes.isError ? <Typography.Text type="danger">Could not load the notes.</Typography.Text> : null}
        {notes.isPending && !notes.isError ? <Typography.Text type="secondary">Loading the notes…</Typography.Text> : null}
        {(notes.data ?? []).map((note) => (
          <NoteItem
            key={note.pk}
            note={note}
            testId={noteTestId}
            readOnly={readOnly}
            guardChange={guard}
            saving={update.isPending}
            onSave={(text, whenSaved) => update.mutate({ notePk: note.pk, body: text }, { onSuccess: whenSaved, onError: (e) => showError(e) })}
            actions={noteActions?.(note)}
          />
        ))}
        {notes.data?.length === 0 ? <Typography.Text type="secondary">{emptyText}</Typography.Text> : null}
        {guard(
          <>
            <NoteComposer value={body} onChange={setBody} onPick={(person) => setPicked((was) => [...was, person])} mentions={mentions} />
            <div>
              <Button onClick={send} loading={create.isPending} disabled={readOnly || !body.trim()}>
                Add note
              </Button>
            </div>
          </>,
        )}
      </Flex>
    </section>
  );
};
