import { Alert, App, Button, Flex, Popconfirm, Typography } from 'antd';
import { ApiOutlined, CloudDownloadOutlined, SyncOutlined } from '@ant-design/icons';
import type { ClientCompany } from '@herd/contract';
import { isSyncBusy } from '../../../lib/ledger-sync';
import { CONNECTION_KIND_LABELS } from '../../../lib/labels';
import { SandboxTag, SyncState } from '../../../ui/ledger-sync-tags';
import { useServerError } from '../../../ui/use-server-error';
import { useReconnectLedger, useSyncClient } from '../../ledgers/api';
import { ledgerOfCompany } from '../../ledgers/oauth-ledgers';
import { useLedgerPull, type PullMode } from '../sync-api';
import { ChangesOnly, useReadOnly } from '../../billing/read-only-guard';

/**
 * A QuickBooks or Xero company's sync on its transactions page: where it
 * stands, and pulling now (what changed), what is missing, or everything again.
 */
export const LedgerSyncBar = ({ company, canReconnect }: { company: ClientCompany; canReconnect: boolean }) => {
  const { message } = App.useApp();
  const syncNow = useSyncClient();
  const pull = useLedgerPull(company.pk);
  const reconnect = useReconnectLedger();
  const ledger = ledgerOfCompany(company);
  const sync = company.ledger_sync;
  const connected = company.connection_state === 'CONNECTED';
  const busy = isSyncBusy(sync);
  // A control's own `disabled` wins over the read-only region's, so each says both.
  const { readOnly } = useReadOnly();
  const showError = useServerError();
  const fail = (error: unknown) => showError(error);
  const runPull = (mode: PullMode) => pull.mutateAsync(mode).then((result) => void message.success(result.detail), fail);

  return (
    <>
      {company.connection_state === 'NEEDS_REAUTH' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${ledger.name} refused Herd’s sign-in`}
          description="Nothing syncs until this client is connected again."
          action={
            canReconnect ? (
              <ChangesOnly>
                <Button icon={<ApiOutlined />} loading={reconnect.isPending || reconnect.isSuccess} onClick={() => reconnect.mutate(company, { onError: fail })}>
                  Reconnect
                </Button>
              </ChangesOnly>
            ) : null
          }
        />
      ) : null}
      <Flex
        align="center"
        justify="space-between"
        gap={12}
        wrap
        aria-label="Ledger sync"
        role="region"
        style={{ marginBottom: 16, padding: '10px 16px', background: '#fff', border: '1px solid #e3e8e5', borderRadius: 8 }}
      >
        <Flex align="center" gap={10} wrap>
          <Typography.Text strong>{CONNECTION_KIND_LABELS[company.connection_kind]}</Typography.Text>
          {sync?.sandbox ? <SandboxTag kind={company.connection_kind} /> : null}
          {sync ? <SyncState sync={sync} /> : null}
        </Flex>
        <ChangesOnly>
          <Flex gap={8} wrap>
            <Button
              icon={<SyncOutlined />}
              disabled={readOnly || !connected || busy}
              loading={syncNow.isPending}
              onClick={() => syncNow.mutate(company, { onSuccess: (result) => void message.success(result.detail), onError: fail })}
            >
              Sync now
            </Button>
            <Button
              icon={<CloudDownloadOutlined />}
              disabled={readOnly || !connected || busy}
              loading={pull.isPending && pull.variables === 'sync-missing'}
              onClick={() => void runPull('sync-missing')}
            >
              Pull missing
            </Button>
            <Popconfirm
              title="Read every transaction again?"
              description={`Herd pulls every transaction since the sync date from ${ledger.name} again. A large company takes a while.`}
              okText="Full resync"
              // Closes at once (the button shows the wait), so the answer's toast does not land on the open confirm.
              onConfirm={() => void runPull('fully-resync')}
              disabled={readOnly || !connected || busy}
            >
              <Button disabled={readOnly || !connected || busy} loading={pull.isPending && pull.variables === 'fully-resync'}>
                Full resync
              </Button>
            </Popconfirm>
          </Flex>
        </ChangesOnly>
      </Flex>
    </>
  );
};
