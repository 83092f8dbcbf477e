import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Alert, Col, Flex, Row, Typography, theme } from 'antd';
import { PushpinOutlined } from '@ant-design/icons';
import { CLIENT_EDITABLE_FIELDS, clientFinishRule, type ClientEditableField, type FinishRule } from '@herd/contract';
import { errorStatus, normaliseError } from '../../../lib/api-errors';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import { EmptyPanel } from '../../../ui/empty-panel';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { useMyAccountant, useOwnCompany } from '../../client-side/api';
import { AccountantCard } from './accountant-card';
import { PinnedThreadNote } from './pinned-thread-note';
import { DocumentsShortcut } from './documents-shortcut';
import { RECEIPTS_ANCHOR, ReceiptsShortcut } from './receipts-shortcut';

/** The accountant's standing message to the client, in the firm's colour. */
const PinnedNote = ({ from, note }: { from: string; note: string }) => {
  const { token } = theme.useToken();
  return (
    <section
      aria-label="Pinned note"
      data-testid="pinned-note"
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderInlineStart: `4px solid ${token.colorPrimary}`,
        borderRadius: token.borderRadiusLG,
        padding: '16px 20px',
      }}
    >
      <Flex gap={12} align="flex-start">
        <PushpinOutlined style={{ color: token.colorPrimary, fontSize: 18, marginTop: 3 }} />
        <div>
          <Typography.Text strong>A note from {from}</Typography.Text>
          <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{note}</Typography.Paragraph>
        </div>
      </Flex>
    </section>
  );
};

interface CompanyViewProps {
  companyPk: number;
  /** The firm's name as the viewer already knows it (the profile), so the heading does not change under them. */
  firmName: string | null;
  /** Above the heading: a greeting for the client themselves. */
  before?: ReactNode;
  /** Beside the heading: the company switcher. */
  extra?: ReactNode;
  /** What waits for the client (the transactions screen), handed in by the routes so features stay apart. */
  inbox?: CompanyInbox;
  /** The company's receipts (upload and list), handed in by the routes like the inbox. */
  receipts?: CompanyReceipts;
  /** The company's requests (what the accountant asks, answered here), handed in by the routes like the inbox. */
  requests?: CompanyRequests;
}

export type CompanyInbox = ComponentType<{ companyPk: number; editable: readonly ClientEditableField[]; finishRule: FinishRule }>;

export type CompanyReceipts = ComponentType<{ companyPk: number }>;

export type CompanyRequests = ComponentType<{ companyPk: number }>;

const editableOf = (fields: readonly string[]): ClientEditableField[] => CLIENT_EDITABLE_FIELDS.filter((field) => fields.includes(field));

/**
 * One client company's dashboard as its client sees it. The accountant's
 * "view as client" renders this same component for the company they pick.
 */
export const CompanyView = ({ companyPk, firmName, before, extra, inbox: Inbox, receipts: Receipts, requests: Requests }: CompanyViewProps) => {
  const company = useOwnCompany(companyPk);
  const accountant = useMyAccountant(companyPk);
  const phone = usePhoneLayout();
  if (company.isPending) return <PageSpinner caption="Loading your company…" />;
  if (company.isError) {
    if (errorStatus(company.error) === 404) return <NotFoundResult />;
    return <QueryError error={company.error} title="Could not load this company" onRetry={() => void company.refetch()} />;
  }
  const firm = accountant.data?.firm.company_name ?? firmName;
  const { name, pinned_note: pinnedNote, pinned_thread_note: pinnedThreadNote } = company.data;
  return (
    <>
      {before}
      <PageHeader
        title={name}
        subtitle={firm ? `Questions and requests from your accountant at ${firm}.` : 'Questions and requests from your accountant.'}
        extra={extra}
      />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          <Flex vertical gap={24}>
            {pinnedThreadNote ? <PinnedThreadNote note={pinnedThreadNote} firm={firm ?? 'your accountant'} /> : null}
            {pinnedNote ? <PinnedNote from={firm ?? 'your accountant'} note={pinnedNote} /> : null}
            {/* What the firm asks about, in its own words: why a small charge is never asked, why a receipt is. */}
            {company.data.ask_rules_words ? <Alert type="info" showIcon message={company.data.ask_rules_words} data-testid="ask-rules-words" /> : null}
            {Receipts && phone ? <ReceiptsShortcut companyPk={companyPk} /> : null}
            {phone ? <DocumentsShortcut companyPk={companyPk} firm={firm ?? null} /> : null}
            {/* Requests come first: they are few, often have a due date, and a list of transactions can be long. */}
            {Requests ? (
              <Suspense fallback={<PageSpinner caption="Loading your requests…" />}>
                <Requests companyPk={companyPk} />
              </Suspense>
            ) : null}
            {Inbox ? (
              <Suspense fallback={<PageSpinner caption="Loading your transactions…" />}>
                <Inbox
                  companyPk={companyPk}
                  editable={editableOf(company.data.client_editable_fields)}
                  // The server already limits the rule to what the client may set; applying it again keeps the screen right whatever it is given.
                  finishRule={clientFinishRule(company.data.finish_rule, editableOf(company.data.client_editable_fields))}
                />
              </Suspense>
            ) : (
              <EmptyPanel
                title="Nothing waits for you right now"
                description={`When ${firm ?? 'your accountant'} asks about a transaction, a receipt or a document, it is listed here for you to answer in a couple of clicks.`}
              />
            )}
            {Receipts ? (
              <div id={RECEIPTS_ANCHOR} style={{ scrollMarginTop: 16 }}>
                <Suspense fallback={<PageSpinner caption="Loading your receipts…" />}>
                  <Receipts companyPk={companyPk} />
                </Suspense>
              </div>
            ) : null}
          </Flex>
        </Col>
        <Col xs={24} lg={8}>
          <Flex vertical gap={16}>
            <AccountantCard accountant={accountant.data} loading={accountant.isPending} error={accountant.isError ? normaliseError(accountant.error).message : null} />
            {phone ? null : <DocumentsShortcut companyPk={companyPk} firm={firm ?? null} />}
          </Flex>
        </Col>
      </Row>
    </>
  );
};
