import { App, Button, Dropdown, type MenuProps } from 'antd';
import { ApiOutlined, DisconnectOutlined, EyeOutlined, LinkOutlined, MoreOutlined, NotificationOutlined, SettingOutlined, SyncOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { ClientCompany } from '@herd/contract';
import { countText } from '../../../lib/format';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { useServerError } from '../../../ui/use-server-error';
import { useReconnectLedger, useSyncClient } from '../../ledgers/api';
import { ledgerAbilities, OAUTH_LEDGERS, oauthLedgerOf } from '../../ledgers/oauth-ledgers';
import { useChangeGuard } from '../../billing/read-only-guard';
import { useDisconnectClient, useNotifyClient } from '../api';

/** Confirms and runs the two actions that reach outside Herd: emailing the client, cutting the ledger off. */
export const useClientCommands = () => {
  const { message, modal } = App.useApp();
  const showError = useServerError();
  const notify = useNotifyClient();
  const disconnect = useDisconnectClient();
  const sync = useSyncClient();
  const reconnectFlow = useReconnectLedger();

  const confirmNotify = (company: ClientCompany) =>
    modal.confirm({
      title: `Notify the people at ${company.name} now?`,
      content: 'Each of them gets an email reminder with a link that signs them in, and whoever agreed to texts gets their questions by text.',
      okText: 'Send reminder',
      onOk: async () => {
        try {
          const { sent } = await notify.mutateAsync(company.pk);
          void message.success(`Sent to ${countText(sent, 'person', 'people')}`);
        } catch (error) {
          showError(error);
        }
      },
    });

  const confirmDisconnect = (company: ClientCompany) =>
    modal.confirm({
      title: `Disconnect ${company.name}?`,
      content: 'Herd stops syncing this client’s ledger until it is connected again. Nothing already in Herd is deleted.',
      okText: 'Disconnect',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await disconnect.mutateAsync(company.pk);
          void message.success(`${company.name} disconnected`);
        } catch (error) {
          showError(error);
        }
      },
    });

  const syncNow = (company: ClientCompany) =>
    sync.mutate(company, {
      onSuccess: (result) => void message.success(result.detail),
      onError: (error) => showError(error),
    });

  /** Off to the company's ledger to sign in again; the server brings the browser back to the clients page. */
  const reconnect = (company: ClientCompany) => reconnectFlow.mutate(company, { onError: (error) => showError(error) });

  return { confirmNotify, confirmDisconnect, syncNow, reconnect, reconnecting: reconnectFlow.isPending };
};

interface ClientActionsProps {
  company: ClientCompany;
  /** Disconnecting is for FIRM_ADMIN and CLIENT_ADMIN. */
  canManage: boolean;
  onCopyLink: (company: ClientCompany) => void;
}

/** One client's row menu in the clients table. */
export const ClientActions = ({ company, canManage, onCopyLink }: ClientActionsProps) => {
  const navigate = useNavigate();
  const { confirmNotify, confirmDisconnect, syncNow, reconnect } = useClientCommands();
  const { canSync, canReconnect } = ledgerAbilities(company);
  const ledger = oauthLedgerOf(company.connection_kind);
  // Opening, viewing and copying the sign-in link only read; the rest change data and wait while the firm is read-only.
  const guard = useChangeGuard();
  const change = { disabled: guard.disabled, title: guard.title };
  const items: MenuProps['items'] = [
    { key: 'settings', icon: <SettingOutlined />, label: 'Open settings' },
    { key: 'as-client', icon: <EyeOutlined />, label: 'View as client' },
    { key: 'magic-link', icon: <LinkOutlined />, label: 'Copy magic link' },
    { key: 'notify', icon: <NotificationOutlined />, label: 'Notify now', ...change },
  ];
  if (canSync) items.push({ key: 'sync', icon: <SyncOutlined />, label: 'Sync now', ...change });
  if (canReconnect && canManage && ledger) items.push({ key: 'reconnect', icon: <ApiOutlined />, label: `Reconnect ${OAUTH_LEDGERS[ledger].name}`, ...change });
  if (canManage && company.connection_state !== 'DISCONNECTED') {
    items.push({ type: 'divider' }, { key: 'disconnect', icon: <DisconnectOutlined />, label: 'Disconnect', danger: true, ...change });
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings') void navigate(buildPath(routes.settings.accountantClient, { clientPk: company.pk }));
    else if (key === 'as-client') void navigate(buildPath(routes.accountant.asClient, { clientPk: company.pk }));
    else if (key === 'magic-link') onCopyLink(company);
    else if (key === 'notify') confirmNotify(company);
    else if (key === 'sync') syncNow(company);
    else if (key === 'reconnect') reconnect(company);
    else if (key === 'disconnect') confirmDisconnect(company);
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${company.name}`} />
    </Dropdown>
  );
};
