import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { buildPath } from '../../../lib/path-builder';
import { parseClientPk, routes } from '../../../lib/routes';
import { OAUTH_LEDGERS, OAUTH_LEDGER_KINDS, type OAuthLedgerKind } from '../../ledgers/oauth-ledgers';
import { clientKeys, useClient } from '../api';

type Outcome = { ledger: OAuthLedgerKind } & ({ connectedPk: number } | { error: string });

/** What the address says came back from a ledger's consent, if anything (a failure first: it is what the person must read). */
const readOutcome = (params: URLSearchParams): Outcome | null => {
  for (const ledger of OAUTH_LEDGER_KINDS) {
    const error = params.get(OAUTH_LEDGERS[ledger].returnParams.error);
    if (error) return { ledger, error };
  }
  for (const ledger of OAUTH_LEDGER_KINDS) {
    const connectedPk = parseClientPk(params.get(OAUTH_LEDGERS[ledger].returnParams.connected) ?? undefined);
    if (connectedPk !== null) return { ledger, connectedPk };
  }
  return null;
};

const withoutReturnParams = (params: URLSearchParams): URLSearchParams => {
  const cleaned = new URLSearchParams(params);
  for (const ledger of OAUTH_LEDGER_KINDS) {
    cleaned.delete(OAUTH_LEDGERS[ledger].returnParams.connected);
    cleaned.delete(OAUTH_LEDGERS[ledger].returnParams.error);
  }
  return cleaned;
};

const ConnectedAlert = ({ pk, ledger, onClose }: { pk: number; ledger: OAuthLedgerKind; onClose: () => void }) => {
  const company = useClient(pk);
  const name = company.data?.name ?? 'The client';
  return (
    <Alert
      type="success"
      showIcon
      closable={{ onClose, 'aria-label': 'Close' }}
      style={{ marginBottom: 16 }}
      title={`${name} is connected to ${OAUTH_LEDGERS[ledger].name}.`}
      description={
        <>
          Herd is pulling its accounts and transactions in the background. <Link to={buildPath(routes.accountant.active, { clientPk: pk })}>Open its transactions</Link>
        </>
      }
    />
  );
};

/**
 * What the server's redirect back from a ledger's consent says (`?qbo_connected=<pk>`,
 * `?xero_error=<message>`, …): shown until closed, while the address is cleaned so a reload does not
 * say it again.
 */
export const useLedgerReturn = () => {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(() => readOutcome(params));

  useEffect(() => {
    const next = readOutcome(params);
    if (!next) return;
    setOutcome(next);
    setParams(withoutReturnParams(params), { replace: true });
    // The list may have a new client, or a client whose state just changed.
    if ('connectedPk' in next) void client.invalidateQueries({ queryKey: clientKeys.all });
  }, [params, setParams, client]);

  const close = () => setOutcome(null);
  let element = null;
  if (outcome && 'error' in outcome) {
    element = (
      <Alert
        type="error"
        showIcon
        closable={{ onClose: close, 'aria-label': 'Close' }}
        style={{ marginBottom: 16 }}
        title={`${OAUTH_LEDGERS[outcome.ledger].name} was not connected`}
        description={outcome.error}
      />
    );
  } else if (outcome) element = <ConnectedAlert pk={outcome.connectedPk} ledger={outcome.ledger} onClose={close} />;

  return { connectedPk: outcome && 'connectedPk' in outcome ? outcome.connectedPk : null, element };
};
