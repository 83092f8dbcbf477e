import { useState } from 'react';
import { App, Button, Select } from 'antd';
import { MAX_PAGE_SIZE, type Receipt } from '@herd/contract';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeader } from '../../../ui/page-header';
import { QueryError } from '../../../ui/query-error';
import { useServerError } from '../../../ui/use-server-error';
import { ChangesOnly } from '../../billing/read-only-guard';
import { useClientList } from '../../clients/api';
import { ReceiptDropZone } from '../receipt-drop-zone';
import { useReceiptInbox, useUpdateInboxReceipts, useUploadReceipts } from './api';
import { ReceiptEditDrawer } from './receipt-edit-drawer';
import { ReceiptFilters } from './receipt-filters';
import { ReceiptsTable } from './receipts-table';
import { useReceiptListState } from './use-receipt-list-state';

const countWord = (n: number) => (n === 1 ? '1 receipt' : `${n} receipts`);

/**
 * /dashboard/accountant/receipts-inbox/: the firm's receipts that belong to
 * no client company yet (the firm's own uploads without a company), each
 * given to one of the clients the person sees.
 */
export const ReceiptsInboxPage = () => {
  usePageTitle('Receipts inbox');
  const state = useReceiptListState({ withDuplicates: false });
  const list = useReceiptInbox(state.params);
  // The clients one can give a receipt to: the ones this person sees (the server checks again).
  const clients = useClientList({ page: 1, page_size: MAX_PAGE_SIZE, ordering: 'name' });
  const companies = (clients.data?.results ?? []).map((c) => ({ pk: c.pk, name: c.name }));
  const update = useUpdateInboxReceipts();
  const uploader = useUploadReceipts();
  const showError = useServerError();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Receipt | null>(null);

  const give = (receipt: Receipt, companyPk: number) =>
    update.mutate([{ pk: receipt.pk, client_company: companyPk }], {
      onSuccess: () => void message.success(`${receipt.file.name} given to ${companies.find((c) => c.pk === companyPk)?.name ?? 'the client'}.`),
      onError: (error) => showError(error, 'Could not give the receipt'),
    });
  const upload = (files: File[]) =>
    uploader.mutate(
      { companyPk: null, files },
      { onSuccess: (made) => void message.success(`${countWord(made.length)} in the inbox.`), onError: (error) => showError(error, 'Nothing was uploaded') },
    );

  return (
    <>
      <PageHeader title="Receipts inbox" subtitle="Receipts that belong to no client yet. Give each to the client it is for." />
      <ChangesOnly>
        <div style={{ marginBottom: 16 }}>
          <ReceiptDropZone onFiles={upload} busy={uploader.isPending} />
        </div>
      </ChangesOnly>
      <div style={{ marginBottom: 12 }}>
        <ReceiptFilters state={state} withDuplicates={false} />
      </div>
      {list.isError ? <QueryError error={list.error} title="Could not load the inbox" onRetry={() => void list.refetch()} /> : null}
      <ReceiptsTable
        label="Receipts inbox"
        page={list.data}
        loading={list.isFetching && !list.data}
        pageNumber={state.params.page}
        pageSize={state.params.page_size}
        onPage={state.setPage}
        extraColumn={{
          title: 'Client',
          render: (r) => (
            <ChangesOnly>
              <Select<number>
                aria-label={`Give ${r.file.name} to`}
                placeholder="Give to…"
                showSearch
                optionFilterProp="label"
                style={{ width: 200 }}
                loading={clients.isPending}
                options={companies.map((c) => ({ value: c.pk, label: c.name }))}
                onChange={(companyPk) => give(r, companyPk)}
              />
            </ChangesOnly>
          ),
        }}
        actions={(r) => (
          <Button size="small" onClick={() => setEditing(r)} aria-label={`Edit ${r.file.name}`}>
            Edit
          </Button>
        )}
      />
      <ReceiptEditDrawer
        receipt={editing}
        onClose={() => setEditing(null)}
        save={(change) => update.mutateAsync([change]).then(() => void message.success('Receipt saved.'))}
        saving={update.isPending}
        companies={companies}
        inInbox
      />
    </>
  );
};
