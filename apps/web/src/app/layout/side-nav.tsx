import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { AppstoreOutlined, BarChartOutlined, InboxOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { isAccountantSide, type Profile } from '@herd/contract';
import { routes } from '../../lib/routes';

type Item = NonNullable<MenuProps['items']>[number] & { key: string };

export const navItems = (profile: Profile): Item[] => {
  const items: Item[] = [{ key: routes.dashboard, icon: <AppstoreOutlined />, label: 'Dashboard' }];
  if (isAccountantSide(profile.account_type)) {
    items.push({ key: routes.accountant.clients, icon: <TeamOutlined />, label: 'Clients' });
    // Receipts that belong to no client yet: the firm's, not one client's.
    items.push({ key: routes.accountant.receiptsInbox, icon: <InboxOutlined />, label: 'Receipts inbox' });
  }
  // Analytics compare a firm's clients with one another: the firm's screen, never a client's.
  if (isAccountantSide(profile.account_type) && profile.feature_flags.includes('FEATURE_TRANSACTION_ANALYTICS')) {
    items.push({ key: routes.analytics, icon: <BarChartOutlined />, label: 'Analytics' });
  }
  items.push({ key: routes.settings.root, icon: <SettingOutlined />, label: 'Settings' });
  return items;
};

const { accountant } = routes;
/** Pages reached from Clients though their paths sit under the dashboard: one client's pages, and placing a Xero consent's organisations. */
const CLIENTS_PAGES = [
  accountant.asClient,
  accountant.active,
  accountant.categorized,
  accountant.hidden,
  accountant.requestsCompleted,
  accountant.requestsScheduled,
  accountant.requestsHidden,
  accountant.receipts,
  accountant.receiptsCompleted,
  accountant.receiptsHidden,
]
  .map((pattern) => pattern.slice(0, pattern.indexOf(':')))
  .concat(accountant.xeroSelectClient);

/** The menu entry the current page belongs to: Clients for a client's pages, else the most specific entry the path lies under. */
export const selectedNavKey = (pathname: string, keys: readonly string[]): string | null => {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  if (keys.includes(accountant.clients) && CLIENTS_PAGES.some((page) => path.startsWith(page))) return accountant.clients;
  const matches = keys.filter((key) => path.startsWith(key)).sort((a, b) => b.length - a.length);
  return matches[0] ?? null;
};

export const SideNav = ({ profile }: { profile: Profile }) => {
  const location = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => navItems(profile), [profile]);
  const selected = selectedNavKey(
    location.pathname,
    items.map((item) => item.key),
  );
  return (
    <Menu
      theme="dark"
      mode="inline"
      aria-label="Main"
      items={items}
      selectedKeys={selected ? [selected] : []}
      onClick={({ key }) => void navigate(key)}
      style={{ borderInlineEnd: 'none' }}
    />
  );
};
