import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { buildPath } from '../../../lib/path-builder';
import { parseClientPk, routes } from '../../../lib/routes';
import { qboReturnParams } from '../../quickbooks/api';
import { clientKeys, useClient } from '../api';

type Outcome = { connectedPk: number } | { error: string } | null;

const readOutcome = (params: URLSearchParams): Outcome => {
  const error = params.get(qboReturnParams.error);
  if (error) return { error };
  const connectedPk = parseClientPk(params.get(qboReturnParams.connected) ?? undefined);
  return connectedPk === null ? null : { connectedPk };
};

const ConnectedAlert = ({ pk, onClose }: { pk: number; onClose: () => void }) => {
  const company = useClient(pk);
  const name = company.data?.name ?? 'The client';
  return (
    <Alert
      type="success"
      showIcon
      closable={{ onClose, 'aria-label': 'Close' }}
      style={{ marginBottom: 16 }}
      title={`${name} is connected to QuickBooks.`}
      description={
        <>
          Herd is pulling its accounts and transactions in the background. <Link to={buildPath(routes.accountant.active, { clientPk: pk })}>Open its transactions</Link>
        </>
      }
    />
  );
};

/**
 * What the server's redirect back from Intuit says (`?qbo_connected=<pk>` or
 * `?qbo_error=<message>`): shown until closed, while the address is cleaned
 * so a reload does not say it again.
 */
export const useQboReturn = () => {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(() => readOutcome(params));

  useEffect(() => {
    const next = readOutcome(params);
    if (!next) return;
    setOutcome(next);
    const cleaned = new URLSearchParams(params);
    cleaned.delete(qboReturnParams.connected);
    cleaned.delete(qboReturnParams.error);
    setParams(cleaned, { replace: true });
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
        title="QuickBooks was not connected"
        description={outcome.error}
      />
    );
  } else if (outcome) element = <ConnectedAlert pk={outcome.connectedPk} onClose={close} />;

  return { connectedPk: outcome && 'connectedPk' in outcome ? outcome.connectedPk : null, element };
};
