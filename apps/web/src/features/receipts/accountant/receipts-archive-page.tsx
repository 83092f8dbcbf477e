import { useState } from 'react';
import { App, Button, Flex, Input, Modal } from 'antd';
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
import { downloadFile } from '../../transactions/csv-export-api';
import { receiptsZipUrl, useReceiptAction, useReceiptChoices, useReceiptCounters, useReceiptList, useUpdateReceipts } from './api';
import { ReceiptEditDrawer } from './receipt-edit-drawer';
import { ReceiptFilters } from './receipt-filters';
import { ReceiptsTable } from './receipts-table';
import { useReceiptListState } from './use-receipt-list-state';

export type ArchiveKind = 'completed' | 'hidden';

const WORDS: Record<ArchiveKind, { title: string; subtitle: string }> = {
  completed: { title: 'Completed receipts', subtitle: 'Receipts marked done or matched in the ledger. Send one back and it returns to the client’s active list.' },
  hidden: { title: 'Hidden receipts', subtitle: 'Receipts hidden from the lists. Unhide one and it returns where it was.' },
};
const countWord = (n: number) => (n === 1 ? '1 receipt' : `${n} receipts`);

/** Back to the client's active list, with an optional message that becomes the accountant's note on each. */
const SendBackModal = ({
  open,
  count,
  sending,
  onSend,
  onClose,
}: {
  open: boolean;
  count: number;
  sending: boolean;
  onSend: (message: string) => void;
  onClose: () => void;
}) => {
  const [text, setText] = useState('');
  return (
    <Modal
      open={open}
      title={`Send ${countWord(count)} back to the client`}
      okText="Send back"
      confirmLoading={sending}
      onOk={() => onSend(text.trim())}
      onCancel={onClose}
      afterClose={() => setText('')}
    >
      <Input.TextArea
        aria-label="Message to the client"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 3 }}
        maxLength={2000}
        placeholder="What should the client look at? (optional)"
      />
    </Modal>
  );
};

const Content = ({ pk, kind }: { pk: number; kind: ArchiveKind }) => {
  const company = useClient(pk);
  const counters = useReceiptCounters(pk);
  const state = useReceiptListState({ withDuplicates: false });
  const list = useReceiptList(pk, kind, state.params);
  const act = useReceiptAction(pk);
  const update = useUpdateReceipts(pk);
  const choices = useReceiptChoices(pk);
  const showError = useServerError();
  const { message } = App.useApp();
  const [sendingBack, setSendingBack] = useState<number[] | null>(null);
  const [openPk, setOpenPk] = useState<number | null>(null);
  // The receipt as the list has it now: one sent back or unhidden leaves the list, and its drawer closes.
  const opened = list.data?.results.find((r) => r.pk === openPk) ?? null;
  const words = WORDS[kind];
  usePageTitle(`${company.data?.name ?? 'Client'} · ${words.title.toLowerCase()}`);
  if (company.isError && errorStatus(company.error) === 404) return <NotFoundResult />;

  const unhide = (pks: number[]) =>
    act.mutate({ action: 'unhide', pks }, { onSuccess: () => void message.success(`${countWord(pks.length)} back in the lists.`), onError: (error) => showError(error) });
  const sendBack = (pks: number[], text: string) =>
    act.mutate(
      { action: 'back', pks, message: text },
      {
        onSuccess: () => {
          setSendingBack(null);
          void message.success(`${countWord(pks.length)} sent back to the client.`);
        },
        onError: (error) => showError(error, 'Could not send back'),
      },
    );
  // Only receipts someone marked done go back: one matched in the ledger is done there.
  const canGoBack = (status: string) => status === 'FINISHED_IN_HERD';
  const selected = state.selected;

  return (
    <>
      <PageHeader
        title={words.title}
        subtitle={company.data ? `${company.data.name}. ${words.subtitle}` : words.subtitle}
        extra={<ButtonLink to={buildPath(routes.accountant.receipts, { clientPk: pk })}>Active receipts</ButtonLink>}
      />
      <Flex justify="space-between" gap={8} wrap style={{ marginBottom: 12 }}>
        <ReceiptFilters state={state} withDuplicates={false} />
        <Flex gap={8} wrap>
          {selected.length ? (
            <ChangesOnly>
              {kind === 'hidden' ? (
                <Button onClick={() => unhide(selected)}>Unhide {countWord(selected.length)}</Button>
              ) : (
                <Button onClick={() => setSendingBack(selected)}>Send {countWord(selected.length)} back</Button>
              )}
            </ChangesOnly>
          ) : null}
          {kind === 'completed' ? (
            <Button icon={<DownloadOutlined />} disabled={!counters.data?.completed} onClick={() => downloadFile(receiptsZipUrl(pk, 'completed'))}>
              Download all (zip)
            </Button>
          ) : null}
        </Flex>
      </Flex>
      {list.isError ? <QueryError error={list.error} title="Could not load the receipts" onRetry={() => void list.refetch()} /> : null}
      <ReceiptsTable
        label={words.title}
        page={list.data}
        loading={list.isFetching && !list.data}
        pageNumber={state.params.page}
        pageSize={state.params.page_size}
        onPage={state.setPage}
        selected={selected}
        onSelect={state.setSelected}
        onOpen={(r) => setOpenPk(r.pk)}
        actions={(r) => (
          <>
            <Button size="small" onClick={() => setOpenPk(r.pk)} aria-label={`Open ${r.file.name}`}>
              Open
            </Button>
            <ChangesOnly>
              {kind === 'hidden' ? (
                <Button size="small" onClick={() => unhide([r.pk])} aria-label={`Unhide ${r.file.name}`}>
                  Unhide
                </Button>
              ) : canGoBack(r.status) ? (
                <Button size="small" onClick={() => setSendingBack([r.pk])} aria-label={`Send ${r.file.name} back`}>
                  Send back
                </Button>
              ) : null}
            </ChangesOnly>
          </>
        )}
      />
      <ReceiptEditDrawer
        receipt={opened}
        onClose={() => setOpenPk(null)}
        save={(change) => update.mutateAsync([change]).then(() => void message.success('Receipt saved.'))}
        saving={update.isPending}
        companies={choices.data?.companies}
      />
      <SendBackModal
        open={sendingBack !== null}
        count={sendingBack?.length ?? 0}
        sending={act.isPending}
        onSend={(text) => sendingBack && sendBack(sendingBack, text)}
        onClose={() => setSendingBack(null)}
      />
    </>
  );
};

/** /dashboard/accountant/receipts/{completed,hidden}/:clientPk/: a client's done or hidden receipts. */
export const ReceiptsArchivePage = ({ kind }: { kind: ArchiveKind }) => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <Content key={`${kind}-${pk}`} pk={pk} kind={kind} />;
};
