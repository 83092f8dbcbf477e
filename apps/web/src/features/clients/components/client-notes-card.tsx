import { Button, Card, Tag } from 'antd';
import { PushpinOutlined } from '@ant-design/icons';
import type { Note } from '@herd/contract';
import { NoteThreadPanel } from '../../../ui/note-thread-panel';
import { useServerError } from '../../../ui/use-server-error';
import { useMentionSource } from '../../notes/api';
import { useThreadGuard } from '../../notes/thread-guard';
import { useCompanyNotes, useCreateCompanyNote, usePinCompanyNote, useUpdateCompanyNote } from '../company-notes-api';

/**
 * The conversation with the client about their company as a whole. The firm
 * pins one of its notes to the top of the client's page; pinning another
 * takes the first one down.
 */
export const ClientNotesCard = ({ companyPk }: { companyPk: number }) => {
  const showError = useServerError();
  const pin = usePinCompanyNote(companyPk);
  const { readOnly, guard } = useThreadGuard();
  const pinControl = (note: Note) =>
    guard(
      <>
        {note.pinned ? (
          <Tag icon={<PushpinOutlined />} color="blue">
            Pinned
          </Tag>
        ) : null}
        <Button
          type="link"
          size="small"
          disabled={readOnly || pin.isPending}
          onClick={() => pin.mutate({ notePk: note.pk, pin: !note.pinned }, { onError: (e) => showError(e) })}
        >
          {note.pinned ? 'Unpin' : 'Pin for the client'}
        </Button>
      </>,
    );
  return (
    <Card title="Notes with the client" extra={<span style={{ fontSize: 12 }}>Shared with the client’s people</span>}>
      <NoteThreadPanel
        noteTestId="company-note"
        notes={useCompanyNotes(companyPk)}
        create={useCreateCompanyNote(companyPk)}
        update={useUpdateCompanyNote(companyPk)}
        mentions={useMentionSource(companyPk)}
        emptyText="No notes yet. What you write here, the client reads on their page; pin one to keep it at the top."
        noteActions={pinControl}
        readOnly={readOnly}
        guard={guard}
      />
    </Card>
  );
};
