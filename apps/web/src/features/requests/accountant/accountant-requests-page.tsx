import { useState, type ComponentType } from 'react';
import { Button, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { errorStatus } from '../../../lib/api-errors';
import { buildPath } from '../../../lib/path-builder';
import { parseClientPk, routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { ButtonLink } from '../../../ui/button-link';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { QueryError } from '../../../ui/query-error';
import { ChangesOnly } from '../../billing/read-only-guard';
import { useClient } from '../../clients/api';
import { useTransactionCounters } from '../../transactions/api';
import { nextCommunicationStatus, type Communication } from '@herd/contract';
import { requestCountWord } from '../components/request-words';
import { useRequestCounters, useRequestList } from './api';
import { RequestComposer } from './request-composer';
import { RequestTemplatePicker } from '../templates/request-template-picker';
import { SaveAsTemplateButton } from '../templates/save-as-template-button';
import { RequestCounters } from './request-counters';
import { RequestDrawer } from './request-drawer';
import { RequestFilters } from './request-filters';
import { RequestsTable } from './requests-table';
import { useRequestListState } from './use-request-list-state';
import { useRequestMoves } from './use-request-moves';

/** The accountant's per-client tabs, handed in by the route table (they belong to the transactions feature). */
export type RequestTabs = ComponentType<{
  companyPk: number;
  active: 'requests';
  counters: ReturnType<typeof useTransactionCounters>['data'];
  requestsCount?: number;
}>;

const Content = ({ pk, tabs: AccountantTabs }: { pk: number; tabs: RequestTabs }) => {
  const company = useClient(pk);
  const transactionCounters = useTransactionCounters(pk, 'accountant');
  const counters = useRequestCounters(pk);
  const list = useRequestListState();
  const page = useRequestList(pk, 'active', list.params);
  const moves = useRequestMoves(pk, () => list.setSelected([]));
  const [openPk, setOpenPk] = useState<number | null>(null);
  const [composing, setComposing] = useState(false);
  // The request as the list has it now: a move refreshes it, and one that leaves the list closes the drawer.
  const open = page.data?.results.find((c) => c.pk === openPk) ?? null;
  const name = company.data?.name ?? 'Client';
  usePageTitle(`${name} · requests`);
  if (company.isError && errorStatus(company.error) === 404) return <NotFoundResult />;

  const selected = list.selected;
  const selectedRows = (page.data?.results ?? []).filter((c) => selected.includes(c.pk));
  const canAcceptAll = selectedRows.length > 0 && selectedRows.every((c: Communication) => nextCommunicationStatus(c.status, 'accept') !== null);

  return (
    <>
      <PageHeader
        title={name}
        loading={company.isPending}
        subtitle="Requests, reports, notices and W-9s sent to the client, and what they answered."
        extra={
          <Flex gap={8} wrap>
            <ChangesOnly>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setComposing(true)}>
                New request
              </Button>
            </ChangesOnly>
            <ButtonLink to={buildPath(routes.accountant.asClient, { clientPk: pk })}>View as client</ButtonLink>
          </Flex>
        }
      />
      <AccountantTabs companyPk={pk} active="requests" counters={transactionCounters.data} requestsCount={counters.data?.active} />
      <RequestCounters companyPk={pk} counters={counters.data} />
      <Flex justify="space-between" gap={8} wrap style={{ marginBottom: 12 }}>
        <RequestFilters list={list} />
        {selected.length ? (
          <ChangesOnly>
            <Flex gap={8} wrap>
              <Button
                onClick={() => moves.run('accept', selected)}
                disabled={!canAcceptAll || moves.busy}
                title={canAcceptAll ? undefined : 'A request with a sync error is cleared first.'}
              >
                Accept {requestCountWord(selected.length)}
              </Button>
              <Button onClick={() => moves.run('hide', selected)} disabled={moves.busy}>
                Hide {requestCountWord(selected.length)}
              </Button>
            </Flex>
          </ChangesOnly>
        ) : null}
      </Flex>
      {page.isError ? <QueryError error={page.error} title="Could not load the requests" onRetry={() => void page.refetch()} /> : null}
      <RequestsTable
        label="Active requests"
        page={page.data}
        loading={page.isFetching && !page.data}
        pageNumber={list.params.page}
        pageSize={list.params.page_size}
        onPage={list.setPage}
        onOpen={(c) => setOpenPk(c.pk)}
        selected={selected}
        onSelect={list.setSelected}
      />
      <RequestDrawer request={open} onClose={() => setOpenPk(null)} onMove={(move, c) => moves.run(move, [c.pk])} busy={moves.busy} />
      {moves.modal}
      <RequestComposer
        companyPk={pk}
        open={composing}
        onClose={() => setComposing(false)}
        renderTemplatePicker={(apply) => <RequestTemplatePicker onPick={apply} />}
        renderSaveAsTemplate={(draft) => <SaveAsTemplateButton draft={draft} />}
      />
    </>
  );
};

/** /dashboard/accountant/requests/:clientPk/: one client's open requests, a tab beside the transaction lists and receipts. */
export const AccountantRequestsPage = ({ tabs }: { tabs: RequestTabs }) => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <Content key={pk} pk={pk} tabs={tabs} />;
};
