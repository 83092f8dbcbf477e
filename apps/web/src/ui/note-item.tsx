import { useState, type ReactNode } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import type { Note } from '@herd/contract';
import { formatDate } from '../lib/format';
import { MentionText } from './mention-text';

interface NoteItemProps {
  note: Note;
  /** Changes are refused now (the firm is read-only): Save stays disabled. */
  readOnly: boolean;
  /** Wraps the Edit button, e.g. in the read-only guard that disables it and says why. */
  guardChange: (control: ReactNode) => ReactNode;
  saving: boolean;
  /** Sends the edited text; `whenSaved` closes the editing once the server took it. */
  onSave: (body: string, whenSaved: () => void) => void;
  testId?: string;
  /** More controls beside Edit (pinning, on a client company's thread). */
  actions?: ReactNode;
}

/** One note of a thread (a transaction's, a receipt's): who wrote it and when, and Edit for its author. */
export const NoteItem = ({ note, readOnly, guardChange, saving, onSave, testId = 'note', actions }: NoteItemProps) => {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div data-testid={testId} style={{ background: note.sender === 'ACCOUNTANT' ? '#eef5f1' : '#f7f7f5', borderRadius: 8, padding: '8px 12px' }}>
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text strong>{note.author?.name ?? (note.sender === 'ACCOUNTANT' ? 'Accountant' : 'Client')}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDate(note.created_at)}
          {note.edited ? ' · edited' : ''}
        </Typography.Text>
      </Flex>
      {draft === null ? (
        <Flex justify="space-between" align="flex-end" gap={8}>
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <MentionText text={note.body} mentions={note.mentions ?? []} />
          </Typography.Paragraph>
          <Flex gap={0}>
            {actions}
            {note.is_mine
              ? guardChange(
                  <Button type="link" size="small" onClick={() => setDraft(note.body)}>
                    Edit
                  </Button>,
                )
              : null}
          </Flex>
        </Flex>
      ) : (
        <Flex vertical gap={6} style={{ marginTop: 6 }}>
          <Input.TextArea aria-label="Edit note" value={draft} onChange={(e) => setDraft(e.target.value)} autoSize={{ minRows: 2 }} />
          <Flex gap={8}>
            <Button size="small" type="primary" onClick={() => onSave(draft, () => setDraft(null))} loading={saving} disabled={readOnly || !draft.trim()}>
              Save note
            </Button>
            <Button size="small" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </Flex>
        </Flex>
      )}
    </div>
  );
};
