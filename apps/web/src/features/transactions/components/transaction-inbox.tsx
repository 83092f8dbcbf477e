import { useEffect, useState } from 'react';
import { App, Button, Card, Flex, Typography } from 'antd';
import { CheckOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import type { ClientEditableField, FinishRule } from '@herd/contract';
import { placeServerErrors } from '../../../lib/form-errors';
import { countText } from '../../../lib/format';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { useKeyedState } from '../../../lib/use-keyed-state';
import { useListParams } from '../../../lib/use-list-params';
import { useTouchDevice } from '../../../lib/use-touch-device';
import { ButtonLink } from '../../../ui/button-link';
import { useChangeGuard } from '../../billing/read-only-guard';
import { EmptyPanel } from '../../../ui/empty-panel';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { CLIENT_PAGE_SIZE, useClientTransactions, useUpdateTransactions } from '../api';
import { CLIENT_LIST_DEFAULTS, CLIENT_LIST_PARAMS, pagingOf, pagingTotal } from '../paging';
import { useListKeys } from '../use-list-keys';
import { useOpenTransaction } from '../use-open-transaction';
import { DraftTag } from './draft-tag';
import { ListPager } from './list-pager';
import { SamePayeeOffer } from './same-payee-offer';
import { ShortcutsDialog } from './shortcuts-dialog';
import { TransactionEditor } from './transaction-editor';
import { TransactionRow } from './transaction-row';

interface TransactionInboxProps {
  companyPk: number;
  editable: readonly ClientEditableField[];
  /** What the company asks of its client before a transaction is done. */
  finishRule: FinishRule;
}

/**
 * A refused bulk "done": `transactions.<i>.…` belongs to the i-th selected
 * transaction and is said on its row, whatever the field (a status refusal
 * too); anything else (the `detail`) is `rest`.
 */
const bulkErrors = (error: unknown, pks: number[]): { perRow: Record<number, string>; rest: string | null } => {
  const { fields, rest } = placeServerErrors(error, (key) => {
    const pk = pks[Number(/^transactions\.(\d+)\./.exec(key)?.[1] ?? NaN)];
    return pk === undefined ? null : String(pk);
  });
  return { perRow: Object.fromEntries([...fields].map(([pk, messages]) => [Number(pk), [...new Set(messages)].join(' ')])), rest };
};

/** What waits for the client: their READY transactions, worked through with the mouse or the keyboard. */
export const TransactionInbox = ({ companyPk, editable, finishRule }: TransactionInboxProps) => {
  const { message } = App.useApp();
  const [{ page }, setListParams] = useListParams(CLIENT_LIST_PARAMS, CLIENT_LIST_DEFAULTS);
  const list = useClientTransactions(companyPk, 'active', page);
  const update = useUpdateTransactions(companyPk, 'client');
  // The cursor belongs to a page: j/k across a page edge sets both at once; another page reached by Back starts at the top.
  const [cursorAt, setCursorAt] = useState({ page, row: 0 });
  const cursor = cursorAt.page === page ? cursorAt.row : 0;
  const setCursor = (row: number) => setCursorAt({ page, row });
  // Whether the keyboard has moved the cursor yet: only then does the page scroll to follow it.
  const [keyed, setKeyed] = useState(false);
  const { openPk, open: openTransaction, close } = useOpenTransaction();
  const touch = useTouchDevice();
  // Another page, however it is reached, starts with nothing selected.
  const [selected, setSelected] = useKeyedState<number[]>(String(page), []);
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [help, setHelp] = useState(false);
  // The transaction just answered in the editor: other open ones of its payee may take the same answer.
  const [answeredPk, setAnsweredPk] = useState<number | null>(null);
  const items = list.data?.results ?? [];
  const at = Math.min(cursor, Math.max(items.length - 1, 0));
  const open = items.find((t) => t.pk === openPk) ?? null;
  const toggle = (pk: number, on: boolean) => setSelected((all) => (on ? [...new Set([...all, pk])] : all.filter((p) => p !== pk)));
  const pages = list.data ? Math.max(1, Math.ceil(pagingTotal(pagingOf(list.data, page, CLIENT_PAGE_SIZE)) / CLIENT_PAGE_SIZE)) : 1;
  const goTo = (next: number, row: number) => {
    setCursorAt({ page: next, row });
    setListParams({ page: next });
  };

  // Finishing the last rows of the last page leaves it empty: show the page before it, in place of the emptied one in history.
  const emptiedPage = !list.isPlaceholderData && list.data !== undefined && items.length === 0 && page > 1;
  useEffect(() => {
    if (emptiedPage) setListParams({ page: Math.max(1, Math.min(page - 1, pages)) }, { replace: true });
  }, [emptiedPage, pages, page, setListParams]);

  const move = (step: 1 | -1) => {
    setKeyed(true);
    // j past the last row turns the page; k above the first turns back to the previous page's last row.
    if (step === 1 && at === items.length - 1 && page < pages) return goTo(page + 1, 0);
    if (step === -1 && at === 0 && page > 1) return goTo(page - 1, CLIENT_PAGE_SIZE - 1);
    setCursor(Math.max(0, Math.min(items.length - 1, at + step)));
  };

  useListKeys({
    // Keyed to the editor on screen: an address naming a transaction no longer listed leaves the keys working.
    enabled: open === null && !help,
    onMove: move,
    onOpen: () => {
      const pk = items[at]?.pk;
      if (pk !== undefined) openTransaction(pk);
    },
    onToggle: () => {
      const pk = items[at]?.pk;
      if (pk !== undefined) toggle(pk, !selected.includes(pk));
    },
    onHelp: () => setHelp(true),
  });

  const guard = useChangeGuard();
  const markDone = () => {
    const chosen = items.filter((t) => selected.includes(t.pk));
    const pks = chosen.map((t) => t.pk);
    setRowErrors({});
    update.mutate(
      // Each at the version listed: one answered meanwhile (the accountant, another tab) refuses the whole batch.
      chosen.map((t) => ({ pk: t.pk, version: t.version, finished: true as const })),
      {
        onSuccess: () => {
          setSelected([]);
          void message.success(`${countText(pks.length, 'transaction')} marked as done.`);
        },
        onError: (error) => {
          const { perRow, rest } = bulkErrors(error, pks);
          setRowErrors(perRow);
          void message.error(rest ?? 'Some transactions could not be marked as done: each says why.');
        },
      },
    );
  };

  const completedLink = <ButtonLink to={buildPath(routes.client.transactionsCompleted, { clientPk: companyPk })}>Completed transactions</ButtonLink>;

  if (list.isPending) return <PageSpinner caption="Loading your transactions…" />;
  if (list.isError) return <QueryError error={list.error} title="Could not load your transactions" onRetry={() => void list.refetch()} />;
  if (items.length === 0 && page === 1) {
    return (
      <EmptyPanel title="All caught up" description="Nothing waits for you right now. When your accountant asks about a transaction, it is listed here.">
        {completedLink}
      </EmptyPanel>
    );
  }

  return (
    <Card
      // Title and buttons wrap onto two rows on a phone rather than the title being cut to nothing.
      title={
        <Flex justify="space-between" align="center" gap={8} wrap style={{ padding: '12px 0' }}>
          <span style={{ whiteSpace: 'normal' }}>{`${countText(list.data.count, 'transaction', 'transactions', list.data.count_capped)} to explain`}</span>
          <Flex gap={8}>
            {touch ? null : <Button icon={<QuestionCircleOutlined />} onClick={() => setHelp(true)} aria-label="Keyboard shortcuts" />}
            {completedLink}
          </Flex>
        </Flex>
      }
      styles={{ body: { padding: 0 } }}
    >
      {selected.length > 0 ? (
        <Flex gap={12} align="center" style={{ padding: '10px 16px', background: '#f7f9f8', borderBottom: '1px solid #eef1ef' }}>
          <Typography.Text>{countText(selected.length, 'selected', 'selected')}</Typography.Text>
          <Button type="primary" icon={<CheckOutlined />} onClick={markDone} loading={update.isPending} {...guard}>
            Mark as done
          </Button>
          <Button type="link" onClick={() => setSelected([])}>
            Clear selection
          </Button>
        </Flex>
      ) : null}
      {answeredPk !== null ? <SamePayeeOffer key={answeredPk} companyPk={companyPk} transactionPk={answeredPk} onClose={() => setAnsweredPk(null)} /> : null}
      <ul aria-label="Transactions to explain" style={{ margin: 0, padding: 0 }}>
        {items.map((t, index) => (
          <TransactionRow
            key={t.pk}
            transaction={t}
            active={index === at}
            follow={keyed}
            selected={selected.includes(t.pk)}
            error={rowErrors[t.pk]}
            extra={<DraftTag transactionPk={t.pk} side="client" />}
            onSelect={(on) => toggle(t.pk, on)}
            onOpen={() => {
              setCursor(index);
              openTransaction(t.pk);
            }}
          />
        ))}
      </ul>
      <ListPager page={page} list={list.data} onChange={(next) => goTo(next, 0)} />
      <TransactionEditor
        transaction={open}
        companyPk={companyPk}
        side="client"
        editable={editable}
        finishRule={finishRule}
        onClose={close}
        onDone={(answered) => {
          close();
          setAnsweredPk(answered.pk);
        }}
      />
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
    </Card>
  );
};
