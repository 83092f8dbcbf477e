import { useState, type ComponentType } from 'react';
import { App, Button, Flex, Popconfirm } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { errorStatus } from '../../../lib/api-errors';
import { buildPath } from '../../../lib/path-builder';
import { parseClientPk, routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { ButtonLink } from '../../../ui/button-link';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { QueryError } from '../../../ui/query-error';
import { useServerError } from '../../../ui/use-server-error';
import { ChangesOnly } from '../../billing/read-only-guard';
import { useClient } from '../../clients/api';
import { useTransactionCounters } from '../../transactions/api';
import { downloadFile } from '../../transactions/csv-export-api';
import { ReceiptDropZone } from '../receipt-drop-zone';
import { receiptsZipUrl, useReceiptAction, useReceiptChoices, useReceiptCounters, useReceiptList, useUpdateReceipts, useUploadReceipts } from './api';
import { BulkMatchModal } from './bulk-match-modal';
import { ReceiptCounters } from './receipt-counters';
import { ReceiptEditDrawer } from './receipt-edit-drawer';
import { ReceiptFilters } from './receipt-filters';
import { ReceiptsTable } from './receipts-table';
import { useReceiptListState } from './use-receipt-list-state';

/**
 * The accountant's per-client tabs, handed in by the route table (they belong to the transactions
 * feature, whose components this one does not import).
 */
export type ClientTabs = ComponentType<{
  companyPk: number;
  active: 'receipts';
  counters: ReturnType<typeof useTransactionCounters>['data'];
  receiptsCount?: number;
}>;

const countWord = (n: number) => (n === 1 ? '1 receipt' : `${n} receipts`);

const Content = ({ pk, tabs: AccountantTabs }: { pk: number; tabs: ClientTabs }) => {
  const company = useClient(pk);
  const transactionCounters = useTransactionCounters(pk, 'accountant');
  const counters = useReceiptCounters(pk);
  const choices = useReceiptChoices(pk);
  const state = useReceiptListState();
  const list = useReceiptList(pk, 'active', state.params);
  const update = useUpdateReceipts(pk);
  const act = useReceiptAction(pk);
  const uploader = useUploadReceipts();
  const showError = useServerError();
  const { message } = App.useApp();
  const [editingPk, setEditingPk] = useState<number | null>(null);
  const [bulkMatching, setBulkMatching] = useState(false);
  // The receipt as the list has it now: a match or an edit refreshes it, and one that leaves the list closes the drawer.
  const editing = list.data?.results.find((r) => r.pk === editingPk) ?? null;
  const name = company.data?.name ?? 'Client';
  usePageTitle(`${name} · receipts`);
  if (company.isError && errorStatus(company.error) === 404) return <NotFoundResult />;

  const upload = (files: File[]) =>
    uploader.mutate(
      { companyPk: pk, files },
      { onSuccess: (made) => void message.success(`${countWord(made.length)} uploaded.`), onError: (error) => showError(error, 'Nothing was uploaded') },
    );
  const hide = (pks: number[]) =>
    act.mutate({ action: 'hide', pks }, { onSuccess: () => void message.success(`${countWord(pks.length)} hidden.`), onError: (error) => showError(error) });
  const finish = (pks: number[]) =>
    update.mutate(
      pks.map((p) => ({ pk: p, finished: true as const })),
      { onSuccess: () => void message.success(`${countWord(pks.length)} marked done.`), onError: (error) => showError(error) },
    );
  const selected = state.selected;

  return (
    <>
      <PageHeader
        title={name}
        loading={company.isPending}
        subtitle="Receipts the client uploaded, emailed or texted, and what Herd read from them."
        extra={<ButtonLink to={buildPath(routes.accountant.asClient, { clientPk: pk })}>View as client</ButtonLink>}
      />
      <AccountantTabs companyPk={pk} active="receipts" counters={transactionCounters.data} receiptsCount={counters.data?.active} />
      <ReceiptCounters companyPk={pk} counters={counters.data} />
      <ChangesOnly>
        <div style={{ marginBottom: 16 }}>
          <ReceiptDropZone onFiles={upload} busy={uploader.isPending} />
        </div>
      </ChangesOnly>
      <Flex justify="space-between" gap={8} wrap style={{ marginBottom: 12 }}>
        <ReceiptFilters state={state} />
        <Flex gap={8} wrap>
          {selected.length ? (
            <ChangesOnly>
              <Button onClick={() => setBulkMatching(true)}>Match to best suggestion</Button>
              <Button onClick={() => finish(selected)}>Mark {countWord(selected.length)} done</Button>
              <Button onClick={() => hide(selected)}>Hide {countWord(selected.length)}</Button>
            </ChangesOnly>
          ) : null}
          <Button icon={<DownloadOutlined />} disabled={!counters.data?.active} onClick={() => downloadFile(receiptsZipUrl(pk, 'active'))}>
            Download all (zip)
          </Button>
          <Button icon={<DownloadOutlined />} disabled={!counters.data?.completed} onClick={() => downloadFile(receiptsZipUrl(pk, 'completed'))}>
            Completed (zip)
          </Button>
        </Flex>
      </Flex>
      {list.isError ? <QueryError error={list.error} title="Could not load the receipts" onRetry={() => void list.refetch()} /> : null}
      <ReceiptsTable
        label="Active receipts"
        page={list.data}
        loading={list.isFetching && !list.data}
        pageNumber={state.params.page}
        pageSize={state.params.page_size}
        onPage={state.setPage}
        selected={selected}
        onSelect={state.setSelected}
        actions={(r) => (
          <>
            <Button size="small" onClick={() => setEditingPk(r.pk)} aria-label={`Edit ${r.file.name}`}>
              Edit
            </Button>
            <ChangesOnly>
              <Button size="small" onClick={() => finish([r.pk])} aria-label={`Mark ${r.file.name} done`}>
                Done
              </Button>
              <Popconfirm title="Hide this receipt?" description="The client no longer sees it in their list." okText="Hide" onConfirm={() => hide([r.pk])}>
                <Button size="small" aria-label={`Hide ${r.file.name}`}>
                  Hide
                </Button>
              </Popconfirm>
            </ChangesOnly>
          </>
        )}
      />
      <ReceiptEditDrawer
        receipt={editing}
        onClose={() => setEditingPk(null)}
        save={(change) => update.mutateAsync([change]).then(() => void message.success('Receipt saved.'))}
        saving={update.isPending}
        companies={choices.data?.companies}
      />
      <BulkMatchModal
        open={bulkMatching}
        receipts={list.data?.results.filter((r) => selected.includes(r.pk)) ?? []}
        onClose={() => setBulkMatching(false)}
        onMatched={(count) => {
          setBulkMatching(false);
          state.setSelected([]);
          void message.success(`${countWord(count)} matched.`);
        }}
      />
    </>
  );
};

/** /dashboard/accountant/receipts/:clientPk/: one client's active receipts, a tab beside the transaction lists. */
export const AccountantReceiptsPage = ({ tabs }: { tabs: ClientTabs }) => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <Content key={pk} pk={pk} tabs={tabs} />;
};
