import { Button, Card, Descriptions, Flex, Typography } from 'antd';
import { ApiOutlined, DisconnectOutlined } from '@ant-design/icons';
import type { ClientCompany } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { ConnectionTags } from '../../../ui/connection-tags';
import { SandboxTag, SyncState } from '../../../ui/ledger-sync-tags';
import { useClientCommands } from './client-actions';
import { ledgerAbilities } from '../../ledgers/oauth-ledgers';
import { ChangesOnly } from '../../billing/read-only-guard';

const STATE_NOTE: Record<ClientCompany['connection_state'], string | null> = {
  CONNECTED: null,
  NEEDS_REAUTH: 'The ledger refused Herd’s sign-in. It has to be connected again before anything syncs.',
  DISCONNECTED: 'Herd is not syncing this client’s ledger.',
};

/** How the client's transactions reach Herd, and a way to stop that (admins). */
export const ClientConnectionCard = ({ company, canDisconnect }: { company: ClientCompany; canDisconnect: boolean }) => {
  const { confirmDisconnect, reconnect, reconnecting } = useClientCommands();
  const note = STATE_NOTE[company.connection_state];
  const sync = company.ledger_sync;
  return (
    <Card
      title="Connection"
      variant="outlined"
      extra={
        <ChangesOnly>
          <Flex gap={8}>
            {canDisconnect && ledgerAbilities(company).canReconnect ? (
              <Button type="primary" icon={<ApiOutlined />} loading={reconnecting} onClick={() => reconnect(company)}>
                Reconnect
              </Button>
            ) : null}
            {canDisconnect && company.connection_state !== 'DISCONNECTED' ? (
              <Button danger icon={<DisconnectOutlined />} onClick={() => confirmDisconnect(company)}>
                Disconnect
              </Button>
            ) : null}
          </Flex>
        </ChangesOnly>
      }
    >
      <Descriptions
        column={{ xs: 1, sm: 3 }}
        items={[
          {
            key: 'ledger',
            label: 'Ledger',
            children: (
              <Flex gap={4} wrap>
                <ConnectionTags kind={company.connection_kind} state={company.connection_state} />
                {sync?.sandbox ? <SandboxTag kind={company.connection_kind} /> : null}
              </Flex>
            ),
          },
          ...(sync ? [{ key: 'sync', label: 'Sync', children: <SyncState sync={sync} /> }] : []),
          { key: 'since', label: 'Client since', children: formatDate(company.created_at) },
          { key: 'users', label: 'Client users', children: company.client_users_count },
        ]}
      />
      {note ? (
        <Typography.Paragraph type={company.connection_state === 'DISCONNECTED' ? 'danger' : 'warning'} style={{ margin: '8px 0 0' }}>
          {note}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
};
