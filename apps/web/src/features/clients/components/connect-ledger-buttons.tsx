import { Button, Typography } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { unavailable } from '@herd/contract/messages';
import { useInstallation, useXeroMode } from '../../../lib/client-config';
import { useServerError } from '../../../ui/use-server-error';
import { useConnectLedger } from '../../ledgers/api';
import type { OAuthLedgerKind } from '../../ledgers/oauth-ledgers';
import { isXeroOffered, xeroLabel } from '../../xero/xero-words';

/** Said where neither ledger that signs in through its own site is set up on this installation. */
const NEITHER_LEDGER = 'QuickBooks Online and Xero aren’t set up on this Herd installation. Ask whoever runs Herd for your firm.';

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

/**
 * "Connect QuickBooks" unless the server said QuickBooks Online is not set up here, and, once the server said it has
 * Xero, "Connect Xero": each makes new client companies from what the person picks at the ledger. A ledger this
 * installation has not set up is said so, in the accountant's words, where its button would be.
 */
export const ConnectLedgerButtons = () => {
  const xero = useXeroMode();
  const { quickbooks } = useInstallation();
  const xeroOff = xero === 'off';
  const notSetUp = !quickbooks && xeroOff ? NEITHER_LEDGER : !quickbooks ? unavailable.quickbooks : null;
  return (
    <>
      {quickbooks ? <ConnectLedgerButton kind="QBO" label="Connect QuickBooks" /> : null}
      {isXeroOffered(xero) ? <ConnectLedgerButton kind="XERO" label={xeroLabel('Connect Xero', xero)} /> : null}
      {notSetUp ? (
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }} data-testid="ledgers-not-set-up">
          {notSetUp}
        </Typography.Text>
      ) : null}
    </>
  );
};
