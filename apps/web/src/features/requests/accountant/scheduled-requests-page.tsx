import { useState } from 'react';
import { App, Button, Card, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { recurringScheduleListQuery, type RecurringSchedule } from '@herd/contract';
import { errorStatus } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { parsedBy, type ListParamsSchema } from '../../../lib/list-params';
import { buildPath } from '../../../lib/path-builder';
import { parseClientPk, routes } from '../../../lib/routes';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { ButtonLink } from '../../../ui/button-link';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { QueryError } from '../../../ui/query-error';
import { useServerError } from '../../../ui/use-server-error';
import { ChangesOnly } from '../../billing/read-only-guard';
import { useClient } from '../../clients/api';
import { recurrenceSentence } from '../components/recurrence-words';
import { REQUEST_KIND_LABELS } from '../components/request-words';
import { SCHEDULES_PAGE_SIZE, useDeleteSchedule, useSchedules, useUpcoming } from './api';
import { ScheduleEditor } from './schedule-editor';

const FIRST_DATES = 8;
// The schedules list pages only (the API has no search or order for it); the page is in the address.
const LIST_DEFAULTS = { page: 1 };
const LIST_PARAMS: ListParamsSchema<typeof LIST_DEFAULTS> = { page: parsedBy(recurringScheduleListQuery.shape.page) };
const sentWords = (n: number) => (n === 0 ? 'None sent yet' : n === 1 ? '1 sent so far' : `${n} sent so far`);

/** The dates still to come across the company's schedules (the next three months). */
const ComingUp = ({ pk }: { pk: number }) => {
  const upcoming = useUpcoming(pk);
  const [all, setAll] = useState(false);
  const dates = upcoming.data ?? [];
  // A weekly schedule fills three months quickly: the first few, and the rest on request.
  const shown = all ? dates : dates.slice(0, FIRST_DATES);
  return (
    <Card size="small" title="Coming up (next 3 months)" style={{ marginBottom: 16 }} loading={upcoming.isLoading}>
      {upcoming.isError ? <QueryError error={upcoming.error} title="Could not load the dates to come" onRetry={() => void upcoming.refetch()} /> : null}
      {upcoming.data?.length === 0 ? <Typography.Text type="secondary">Nothing scheduled in the next three months.</Typography.Text> : null}
      <ul aria-label="Coming up" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {shown.map((o) => (
          <li key={`${o.schedule}-${o.occurrence_date}`} style={{ padding: '6px 0', borderBottom: '1px solid #f0f0f0' }}>
            <Flex gap={8} wrap align="baseline">
              <Typography.Text strong style={{ minWidth: 100 }}>
                {formatDate(o.occurrence_date)}
              </Typography.Text>
              <span style={{ flex: 1, minWidth: 160 }}>{o.subject}</span>
              <Tag>{REQUEST_KIND_LABELS[o.kind]}</Tag>
              {o.due_date ? <Typography.Text type="secondary">Due {formatDate(o.due_date)}</Typography.Text> : null}
            </Flex>
          </li>
        ))}
      </ul>
      {shown.length < dates.length ? (
        <Button type="link" onClick={() => setAll(true)} style={{ paddingInline: 0 }}>
          Show all {dates.length} dates
        </Button>
      ) : null}
    </Card>
  );
};

const Content = ({ pk }: { pk: number }) => {
  const company = useClient(pk);
  const [{ page }, setListParams] = useListParams(LIST_PARAMS, LIST_DEFAULTS);
  const schedules = useSchedules(pk, page);
  const remove = useDeleteSchedule();
  const showError = useServerError();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<RecurringSchedule | null>(null);
  usePageTitle(`${company.data?.name ?? 'Client'} · scheduled requests`);
  if (company.isError && errorStatus(company.error) === 404) return <NotFoundResult />;

  const stop = (s: RecurringSchedule) =>
    remove.mutate(s.pk, { onSuccess: () => void message.success('Schedule deleted. The requests it sent stay.'), onError: (error) => showError(error) });

  return (
    <>
      <PageHeader
        title="Scheduled requests"
        subtitle={`${company.data ? `${company.data.name}. ` : ''}Requests Herd sends on a schedule. New ones are set up with “New request” and a repeat.`}
        extra={<ButtonLink to={buildPath(routes.accountant.requests, { clientPk: pk })}>Active requests</ButtonLink>}
      />
      <ComingUp pk={pk} />
      {schedules.isError ? <QueryError error={schedules.error} title="Could not load the schedules" onRetry={() => void schedules.refetch()} /> : null}
      <Table<RecurringSchedule>
        aria-label="Schedules"
        rowKey="pk"
        size="middle"
        loading={schedules.isFetching && !schedules.data}
        dataSource={schedules.data?.results ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: SCHEDULES_PAGE_SIZE,
          total: schedules.data?.count ?? 0,
          onChange: (next) => setListParams({ page: next }),
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        locale={{ emptyText: 'No schedules for this client.' }}
        columns={[
          {
            title: 'Request',
            key: 'subject',
            render: (_v, s) => (
              <Flex vertical gap={2}>
                <span>{s.content.subject}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {REQUEST_KIND_LABELS[s.content.kind]}
                  {s.due_days !== null ? ` · due ${s.due_days === 1 ? '1 day' : `${s.due_days} days`} after each date` : ''}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: 'Repeats', key: 'when', render: (_v, s) => recurrenceSentence(s) },
          { title: 'Next', key: 'next', render: (_v, s) => (s.next_occurrence ? formatDate(s.next_occurrence) : <Tag>Ended</Tag>) },
          { title: 'Sent', key: 'sent', render: (_v, s) => sentWords(s.occurrences_count) },
          {
            title: '',
            key: 'actions',
            render: (_v, s) => (
              <ChangesOnly>
                <Flex gap={4}>
                  <Button size="small" onClick={() => setEditing(s)} aria-label={`Edit ${s.content.subject}`}>
                    Edit
                  </Button>
                  <Popconfirm
                    title="Delete this schedule?"
                    description={`No more will be sent. ${s.occurrences_count ? 'The requests it already sent stay, with their answers.' : ''}`.trim()}
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    cancelText="Keep"
                    onConfirm={() => stop(s)}
                  >
                    <Button size="small" danger aria-label={`Delete ${s.content.subject}`}>
                      Delete
                    </Button>
                  </Popconfirm>
                </Flex>
              </ChangesOnly>
            ),
          },
        ]}
      />
      <ScheduleEditor schedule={editing} onClose={() => setEditing(null)} />
    </>
  );
};

/** /dashboard/accountant/requests/scheduled/:clientPk/: a client's recurring requests and the dates to come. */
export const ScheduledRequestsPage = () => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <Content key={pk} pk={pk} />;
};
