import { Badge, Flex } from 'antd';
import { Link, useNavigate } from 'react-router';
import { formatCount } from '../../../lib/format';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { Tabs } from '../../../ui/tabs';
import { type useTransactionCounters, type AccountantListKind } from '../api';

/** The accountant's tabs for one client: the three lists, the client's receipts, requests and documents, then the client's rules. */
export type AccountantTab = AccountantListKind | 'receipts' | 'requests' | 'documents' | 'rules' | 'review';

const TAB_ROUTES: Record<AccountantTab, string> = {
  active: routes.accountant.active,
  categorized: routes.accountant.categorized,
  hidden: routes.accountant.hidden,
  receipts: routes.accountant.receipts,
  requests: routes.accountant.requests,
  documents: routes.accountant.documents,
  rules: routes.accountant.rules,
  review: routes.accountant.review,
};

/** A tab's name and count; the list on screen may say its count stopped at the cap ("1,000+"). */
const TabLabel = ({ label, count, capped = false, danger }: { label: string; count?: number; capped?: boolean; danger?: boolean }) => (
  <Flex gap={6} align="center">
    {label}
    {count !== undefined ? <Badge count={formatCount(count, capped)} showZero color={danger ? '#b42318' : '#5f6b66'} /> : null}
  </Flex>
);

interface AccountantTabsProps {
  companyPk: number;
  active: AccountantTab;
  counters: ReturnType<typeof useTransactionCounters>['data'];
  /** The client's active receipts, when the page has asked (the receipts tab does). */
  receiptsCount?: number;
  /** The client's open requests, when the page has asked (the requests tab does). */
  requestsCount?: number;
}

export const AccountantTabs = ({ companyPk, active, counters: c, receiptsCount, requestsCount }: AccountantTabsProps) => {
  const navigate = useNavigate();
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => navigate(buildPath(TAB_ROUTES[key as AccountantTab], { clientPk: companyPk }))}
      items={[
        { key: 'active', label: <TabLabel label="Active" count={c?.active} /> },
        { key: 'categorized', label: <TabLabel label="Categorized" count={c?.categorized} /> },
        { key: 'hidden', label: <TabLabel label="Hidden" count={c?.hidden} /> },
        { key: 'receipts', label: <TabLabel label="Receipts" count={receiptsCount} /> },
        { key: 'requests', label: <TabLabel label="Requests" count={requestsCount} /> },
        { key: 'documents', label: <TabLabel label="Documents" /> },
        { key: 'rules', label: <TabLabel label="Rules" /> },
        { key: 'review', label: <TabLabel label="Review" /> },
      ]}
      tabBarExtraContent={
        c?.sync_errors ? (
          // The active list filtered to them: the same place the clients list's marker leads.
          <Link to={`${buildPath(routes.accountant.active, { clientPk: companyPk })}?status=SYNC_ERROR`} title="Show the sync errors">
            <TabLabel label="Sync errors" count={c.sync_errors} danger />
          </Link>
        ) : null
      }
    />
  );
};
