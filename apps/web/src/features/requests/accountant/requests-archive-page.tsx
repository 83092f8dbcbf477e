import { useState } from 'react';
import { Button, Flex } from 'antd';
import { useParams } from 'react-router';
import { nextCommunicationStatus } from '@herd/contract';
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
import { requestCountWord } from '../components/request-words';
import { useRequestList } from './api';
import { RequestDrawer } from './request-drawer';
import { RequestFilters } from './request-filters';
import { RequestsTable } from './requests-table';
import { useRequestListState } from './use-request-list-state';
import { useRequestMoves } from './use-request-moves';

export type RequestArchiveKind = 'completed' | 'hidden';

const WORDS: Record<RequestArchiveKind, { title: string; subtitle: string }> = {
  completed: { title: 'Completed requests', subtitle: 'Accepted and cancelled requests. Reopen one and it waits on the client again, with its answers kept.' },
  hidden: { title: 'Hidden requests', subtitle: 'Requests the client no longer sees. Unhide one and it returns where it was.' },
};

const Content = ({ pk, kind }: { pk: number; kind: RequestArchiveKind }) => {
  const company = useClient(pk);
  const list = useRequestListState();
  const page = useRequestList(pk, kind, list.params);
  const moves = useRequestMoves(pk, () => list.setSelected([]));
  const [openPk, setOpenPk] = useState<number | null>(null);
  const open = page.data?.results.find((c) => c.pk === openPk) ?? null;
  const words = WORDS[kind];
  usePageTitle(`${company.data?.name ?? 'Client'} · ${words.title.toLowerCase()}`);
  if (company.isError && errorStatus(company.error) === 404) return <NotFoundResult />;

  const move = kind === 'hidden' ? 'unhide' : 'reopen';
  const label = kind === 'hidden' ? 'Unhide' : 'Reopen';
  const selected = list.selected;

  return (
    <>
      <PageHeader
        title={words.title}
        subtitle={company.data ? `${company.data.name}. ${words.subtitle}` : words.subtitle}
        extra={<ButtonLink to={buildPath(routes.accountant.requests, { clientPk: pk })}>Active requests</ButtonLink>}
      />
      <Flex justify="space-between" gap={8} wrap style={{ marginBottom: 12 }}>
        <RequestFilters list={list} />
        {selected.length ? (
          <ChangesOnly>
            <Button onClick={() => moves.run(move, selected)} disabled={moves.busy}>
              {label} {requestCountWord(selected.length)}
            </Button>
          </ChangesOnly>
        ) : null}
      </Flex>
      {page.isError ? <QueryError error={page.error} title="Could not load the requests" onRetry={() => void page.refetch()} /> : null}
      <RequestsTable
        label={words.title}
        page={page.data}
        loading={page.isFetching && !page.data}
        pageNumber={list.params.page}
        pageSize={list.params.page_size}
        onPage={list.setPage}
        onOpen={(c) => setOpenPk(c.pk)}
        selected={selected}
        onSelect={list.setSelected}
        actions={(c) =>
          kind === 'hidden' || nextCommunicationStatus(c.status, 'reopen') !== null ? (
            <ChangesOnly>
              <Button size="small" onClick={() => moves.run(move, [c.pk])} disabled={moves.busy} aria-label={`${label} ${c.subject}`}>
                {label}
              </Button>
            </ChangesOnly>
          ) : null
        }
      />
      <RequestDrawer request={open} onClose={() => setOpenPk(null)} onMove={(m, c) => moves.run(m, [c.pk])} busy={moves.busy} />
      {moves.modal}
    </>
  );
};

/** /dashboard/accountant/requests/{completed,hidden}/:clientPk/: a client's finished or hidden requests. */
export const RequestsArchivePage = ({ kind }: { kind: RequestArchiveKind }) => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <Content key={`${kind}-${pk}`} pk={pk} kind={kind} />;
};
