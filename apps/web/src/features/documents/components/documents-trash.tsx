import { useState } from 'react';
import { App, Button, Drawer, Table, Tag, Typography, type TableProps } from 'antd';
import { DeleteOutlined, FileOutlined, FolderFilled, UndoOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { DOCUMENT_TRASH_DAYS, type DocumentTrashItem } from '@herd/contract/documents';
import { normaliseError } from '../../../lib/api-errors';
import { formatDate, formatDateTime } from '../../../lib/format';
import { QueryError } from '../../../ui/query-error';
import { TRASH_PAGE_SIZE, useDocumentTrash, useRestoreFromTrash } from '../trash-api';

/** "Cleo Client (client)", "Ada Admin", or who it was when their account is gone. */
const deletedBy = (item: DocumentTrashItem) => (item.deleted_by ? `${item.deleted_by}${item.deleted_by_client ? ' (client)' : ''}` : 'A former user');

const TrashTable = ({ companyPk }: { companyPk: number }) => {
  const [page, setPage] = useState(1);
  const trash = useDocumentTrash(companyPk, page, true);
  const restore = useRestoreFromTrash(companyPk);
  const { message } = App.useApp();
  if (trash.isError) return <QueryError error={trash.error} title="Could not load the trash" onRetry={() => void trash.refetch()} />;

  const putBack = async (item: DocumentTrashItem) => {
    try {
      await restore.mutateAsync([item.pk]);
      void message.success(`Restored “${item.name}”${item.was_in ? ` to “${item.was_in}”` : ''}.`);
    } catch (err) {
      void message.error(normaliseError(err).message);
    }
  };

  const columns: TableProps<DocumentTrashItem>['columns'] = [
    {
      title: 'Name',
      key: 'name',
      render: (_value: unknown, item) => (
        <>
          <div style={{ display: 'flex', gap: 6, alignItems: 'center', overflowWrap: 'anywhere' }}>
            {item.kind === 'FOLDER' ? <FolderFilled style={{ color: '#c9a227' }} /> : <FileOutlined />}
            {item.name}
            {item.accountant_only ? <Tag>Accountant only</Tag> : null}
          </div>
          <Typography.Text type="secondary">{item.was_in ? `Was in “${item.was_in}”` : 'Was at the top level'}</Typography.Text>
        </>
      ),
    },
    {
      title: 'Deleted',
      key: 'deleted',
      render: (_value: unknown, item) => (
        <>
          <div>{deletedBy(item)}</div>
          <Typography.Text type="secondary">{formatDateTime(item.deleted_at)}</Typography.Text>
          <div>
            <Typography.Text type="secondary">Removed for good {formatDate(item.purge_at)}</Typography.Text>
          </div>
        </>
      ),
    },
    {
      title: <span className="herd-visually-hidden">Restore</span>,
      key: 'restore',
      align: 'right',
      render: (_value: unknown, item) => (
        <Button
          icon={<UndoOutlined />}
          aria-label={`Restore ${item.name}`}
          loading={restore.isPending && restore.variables?.[0] === item.pk}
          onClick={() => void putBack(item)}
        >
          Restore
        </Button>
      ),
    },
  ];

  return (
    <Table<DocumentTrashItem>
      rowKey="pk"
      size="small"
      loading={trash.isFetching}
      columns={columns}
      dataSource={trash.data?.results ?? []}
      locale={{ emptyText: 'The trash is empty' }}
      pagination={{ current: page, pageSize: TRASH_PAGE_SIZE, total: trash.data?.count ?? 0, hideOnSinglePage: true, onChange: setPage }}
    />
  );
};

/**
 * The firm's trash of one company: what anyone deleted there (the client's people too), who and when, each
 * restorable with what it held until it is removed for good. Whether it is open is in the address
 * (`?trash=1`), so Back closes it.
 */
export const DocumentsTrashButton = ({ companyPk }: { companyPk: number }) => {
  const [params, setParams] = useSearchParams();
  const open = params.get('trash') === '1';
  const setOpen = (next: boolean) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      if (next) out.set('trash', '1');
      else out.delete('trash');
      return out;
    });
  return (
    <>
      <Button icon={<DeleteOutlined />} onClick={() => setOpen(true)} size="middle">
        Trash
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} size={640} title="Trash" destroyOnHidden>
        <Typography.Paragraph type="secondary">
          What you and the client deleted here. Restoring puts an item back with what it held, in its folder if that is still there, else at the top level. Items are
          removed for good {DOCUMENT_TRASH_DAYS} days after they were deleted.
        </Typography.Paragraph>
        <TrashTable companyPk={companyPk} />
      </Drawer>
    </>
  );
};
