import { useState } from 'react';
import { Drawer, Empty, Flex, Pagination, Segmented, Skeleton, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { AutomationEvent, AutomationRow } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { QueryError } from '../../../ui/query-error';
import { formatMoney } from '../../transactions/money';
import { OPEN_PARAM } from '../../transactions/use-open-transaction';
import {
  AUTOMATION_EVENTS_PAGE_SIZE,
  useAutomationEvents,
  type AutomationDays,
  type AutomationEventsFilters,
  type AutomationOutcomeFilter,
  type AutomationSubject,
} from '../automation-api';

const PERIODS: { value: AutomationDays; label: string }[] = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'all', label: 'All time' },
];

const OUTCOMES: { value: AutomationOutcomeFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'overruled', label: 'Overruled only' },
];

/** Transactions still with the client or refused by the ledger are on the active list; the rest on the categorized one. */
const ACTIVE_STATUSES = new Set(['READY', 'SYNC_ERROR']);

/** The accountant's list that holds the transaction, with its editor open (`?transaction=`). */
export const automationTransactionHref = (t: AutomationEvent['transaction']): string => {
  const a = routes.accountant;
  const list = buildPath(ACTIVE_STATUSES.has(t.status) ? a.active : a.categorized, { clientPk: t.client_company.pk });
  return `${list}?${new URLSearchParams({ [OPEN_PARAM]: String(t.pk) }).toString()}`;
};

/** "Acted", or who overruled it. */
const outcomeText = (event: AutomationEvent) =>
  event.outcome === 'ACTED' ? 'Acted' : event.by === 'client' ? 'Overruled by the client' : event.by === 'accountant' ? 'Overruled by the accountant' : 'Overruled';

const EventItem = ({ event }: { event: AutomationEvent }) => {
  const t = event.transaction;
  return (
    <li style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
      <Flex vertical gap={4}>
        <Flex justify="space-between" gap={8} wrap>
          <Link to={automationTransactionHref(t)}>{t.payee || 'No payee'}</Link>
          <Typography.Text>{formatMoney(t.amount)}</Typography.Text>
        </Flex>
        <Flex gap={8} wrap align="center">
          <Tag color={event.outcome === 'ACTED' ? 'green' : 'orange'}>{outcomeText(event)}</Tag>
          <Typography.Text type="secondary">
            {formatDate(event.at)} · {t.client_company.name}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Transaction of {formatDate(t.date)}
        </Typography.Text>
      </Flex>
    </li>
  );
};

/** The filters and the list: a new drawer starts again from 90 days, everything, page one. */
const EventsBody = ({ subject }: { subject: AutomationSubject }) => {
  const [filters, setFilters] = useState<AutomationEventsFilters>({ days: '90', outcome: 'all', page: 1 });
  const events = useAutomationEvents(subject, filters);
  const set = (patch: Partial<AutomationEventsFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap>
        <Segmented<AutomationDays> aria-label="Period" options={PERIODS} value={filters.days} onChange={(days) => set({ days })} />
        <Segmented<AutomationOutcomeFilter> aria-label="Outcome" options={OUTCOMES} value={filters.outcome} onChange={(outcome) => set({ outcome })} />
      </Flex>
      {events.isError ? (
        <QueryError error={events.error} title="Could not load the transactions" onRetry={() => void events.refetch()} />
      ) : (
        <Spin spinning={events.isFetching && !events.isPending}>
          {events.isPending ? (
            <Skeleton active title={false} paragraph={{ rows: 4 }} />
          ) : events.data.results.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filters.outcome === 'overruled' ? 'Not overruled in this period.' : 'Nothing in this period.'} />
          ) : (
            <ul aria-label="Transactions" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {events.data.results.map((event) => (
                <EventItem key={event.pk} event={event} />
              ))}
            </ul>
          )}
          <Pagination
            current={filters.page}
            pageSize={AUTOMATION_EVENTS_PAGE_SIZE}
            total={events.data?.count ?? 0}
            onChange={(page) => setFilters((f) => ({ ...f, page }))}
            showSizeChanger={false}
            hideOnSinglePage
            size="small"
            style={{ marginTop: 12 }}
          />
        </Spin>
      )}
    </Flex>
  );
};

/** The transactions behind one row of the automation report, newest first. */
export const AutomationEventsDrawer = ({ row, open, onClose }: { row: AutomationRow; open: boolean; onClose: () => void }) => {
  const title = `Transactions behind ${row.name}`;
  return (
    <Drawer open={open} onClose={onClose} title={title} aria-label={title} size="min(520px, 100vw)" destroyOnHidden>
      <EventsBody subject={{ agent: row.agent, rule: row.rule?.pk }} />
    </Drawer>
  );
};
