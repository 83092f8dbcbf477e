import { Button } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useXeroMode } from '../../../lib/client-config';
import { EmptyPanel } from '../../../ui/empty-panel';
import { useServerError } from '../../../ui/use-server-error';
import { ChangesOnly } from '../../billing/read-only-guard';
import { useConnectLedger } from '../../ledgers/api';
import { xeroLabel } from '../xero-words';

/** A consent that is gone (placed already, or kept too long): the server's words, and the way to start again. */
export const ExpiredGrant = ({ detail }: { detail: string }) => {
  const connect = useConnectLedger('XERO');
  const showError = useServerError();
  const mode = useXeroMode();
  return (
    <EmptyPanel title={detail} description="Xero’s consent is only kept for a short while. Connect Xero again, and choose where each organisation goes then.">
      <ChangesOnly>
        {/* Still spinning after the answer: the browser is on its way to Xero. */}
        <Button
          type="primary"
          icon={<ApiOutlined />}
          loading={connect.isPending || connect.isSuccess}
          onClick={() => connect.mutate(undefined, { onError: (error) => showError(error) })}
        >
          {xeroLabel('Connect Xero again', mode)}
        </Button>
      </ChangesOnly>
    </EmptyPanel>
  );
};
