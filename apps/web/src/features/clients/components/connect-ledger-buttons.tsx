import { Button } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useXeroMode } from '../../../lib/client-config';
import { useServerError } from '../../../ui/use-server-error';
import { useConnectLedger } from '../../ledgers/api';
import type { OAuthLedgerKind } from '../../ledgers/oauth-ledgers';
import { isXeroOffered, xeroLabel } from '../../xero/xero-words';

const ConnectLedgerButton = ({ kind, label }: { kind: OAuthLedgerKind; label: string }) => {
  const connect = useConnectLedger(kind);
  const showError = useServerError();
  return (
    // Still spinning after the answer: the browser is on its way to the ledger.
    <Button icon={<ApiOutlined />} loading={connect.isPending || connect.isSuccess} onClick={() => connect.mutate(undefined, { onError: (error) => showError(error) })}>
      {label}
    </Button>
  );
};

/** "Connect QuickBooks" and, once the server said it has Xero, "Connect Xero": each makes new client companies from what the person picks at the ledger. */
export const ConnectLedgerButtons = () => {
  const xero = useXeroMode();
  return (
    <>
      <ConnectLedgerButton kind="QBO" label="Connect QuickBooks" />
      {isXeroOffered(xero) ? <ConnectLedgerButton kind="XERO" label={xeroLabel('Connect Xero', xero)} /> : null}
    </>
  );
};
