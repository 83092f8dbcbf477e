import type { ReactNode } from 'react';
import { Card, Flex, List, Result, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { ClientCompany } from '@herd/contract';
import { countText, formatCount } from '../../../lib/format';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { ConnectionTags } from '../../../ui/connection-tags';
import type { Attention, AttentionGroup, OpenWork } from '../use-attention';

const settingsOf = (company: ClientCompany) => buildPath(routes.settings.accountantClient, { clientPk: company.pk });

interface GroupProps<T> {
  title: string;
  hint: string;
  group: AttentionGroup<T>;
  companyOf: (row: T) => ClientCompany;
  /** Where the company's name leads. */
  linkOf: (row: T) => string;
  /** What is shown beside the name (connection, counts). */
  tags: (row: T) => ReactNode;
  action: (row: T) => ReactNode;
}

const Group = <T,>({ title, hint, group, companyOf, linkOf, tags, action }: GroupProps<T>) => (
  <section aria-label={title}>
    <Flex align="baseline" gap={8} style={{ marginBottom: 4 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Tag color="warning">{formatCount(group.total)}</Tag>
    </Flex>
    <Typography.Text type="secondary">{hint}</Typography.Text>
    <List
      size="small"
      dataSource={group.rows}
      rowKey={(row) => companyOf(row).pk}
      renderItem={(row) => (
        <List.Item actions={[action(row)]}>
          <Flex align="center" gap={10} wrap>
            <Link to={linkOf(row)} style={{ fontWeight: 600 }}>
              {companyOf(row).name}
            </Link>
            {tags(row)}
          </Flex>
        </List.Item>
      )}
    />
    {group.total > group.rows.length ? <Link to={routes.accountant.clients}>and {countText(group.total - group.rows.length, 'more client', 'more clients')}</Link> : null}
  </section>
);

const same = (company: ClientCompany) => company;
/** The client's answers to review first; a client with only receipts open goes to its receipts. */
const reviewPathOf = (work: OpenWork) =>
  buildPath(work.to_review || work.sync_errors || !work.open_receipts ? routes.accountant.categorized : routes.accountant.receipts, {
    clientPk: work.client_company,
  });
const connectionTags = (company: ClientCompany) => <ConnectionTags kind={company.connection_kind} state={company.connection_state} />;

/** What needs the firm's hand today: answers to review, broken connections, and clients nobody can answer for. */
export const AttentionCard = ({ attention }: { attention: Attention }) => {
  const { review, connection, noUsers } = attention;
  if (review.total === 0 && connection.total === 0 && noUsers.total === 0) {
    return (
      <Card title="Needs your attention" variant="outlined">
        <Result
          status="success"
          title="All caught up"
          subTitle="No answers wait for your review, every client is connected and has someone to answer your questions."
          style={{ padding: '16px 0' }}
        />
      </Card>
    );
  }
  return (
    <Card title="Needs your attention" variant="outlined">
      <Flex vertical gap={24}>
        {review.total > 0 ? (
          <Group
            title="Waiting for your review"
            hint="Clients answered these, sent receipts, or the ledger refused them."
            group={review}
            companyOf={(work) => work.company}
            linkOf={reviewPathOf}
            tags={(work) => (
              <span style={{ display: 'inline-flex', gap: 4 }}>
                {work.to_review ? <Tag color="green">{formatCount(work.to_review)} to review</Tag> : null}
                {work.sync_errors ? <Tag color="red">{countText(work.sync_errors, 'sync error')}</Tag> : null}
                {work.open_receipts ? <Tag color="gold">{countText(work.open_receipts, 'receipt')}</Tag> : null}
              </span>
            )}
            action={(work) => <Link to={reviewPathOf(work)}>Review</Link>}
          />
        ) : null}
        {connection.total > 0 ? (
          <Group
            title="Connection problems"
            hint="Herd cannot sync these clients’ ledgers."
            group={connection}
            companyOf={same}
            linkOf={settingsOf}
            tags={connectionTags}
            action={(company) => <Link to={settingsOf(company)}>Open settings</Link>}
          />
        ) : null}
        {noUsers.total > 0 ? (
          <Group
            title="Nobody to answer yet"
            hint="These clients have no client users, so nobody gets your questions."
            group={noUsers}
            companyOf={same}
            linkOf={settingsOf}
            tags={connectionTags}
            action={(company) => <Link to={settingsOf(company)}>Invite someone</Link>}
          />
        ) : null}
      </Flex>
    </Card>
  );
};
