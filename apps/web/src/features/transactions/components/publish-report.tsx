import { App, Typography } from 'antd';
import { countText } from '../../../lib/format';
import { CONNECTION_KIND_LABELS } from '../../../lib/labels';
import { nextConnectorRunWords } from '../../../lib/web-connector-schedule';
import type { PublishResult } from '../api';

/**
 * What a publish did: written at once (published, matched, refused), or handed to the background for a remote ledger.
 * For QuickBooks Desktop, `connectorNextRun` is when its Web Connector runs next (`connectorNextRunOf`).
 */
export const publishMessage = (result: PublishResult, ledger: string, connectorNextRun: string | null = null): string => {
  const written = `${result.published} published, ${result.matched} matched, ${result.rejected} refused by the ledger.`;
  if (!result.queued) return written;
  // QuickBooks Desktop is written when its Web Connector next runs on the accountant's or client's computer, not now.
  const when =
    ledger === CONNECTION_KIND_LABELS.QBD
      ? `after the next Web Connector run${connectorNextRun ? ` (${nextConnectorRunWords(connectorNextRun)})` : ''}`
      : `once ${ledger} has it`;
  const sent = `${result.queued} sent to ${ledger}; each shows as published ${when}.`;
  return result.published || result.matched || result.rejected ? `${sent} ${written}` : sent;
};

/**
 * Reports a publish. When Herd kept some of the selection back (a line without a category, sync
 * errors not cleared), a toast would vanish before anyone found them among the rest: a dialog
 * names each one with why, beside what the others did, and stays until it is read.
 */
export const usePublishReport = () => {
  const { message, modal } = App.useApp();
  return (result: PublishResult, ledger: string, connectorNextRun: string | null = null) => {
    if (result.refused.length === 0) {
      void message.success(publishMessage(result, ledger, connectorNextRun));
      return;
    }
    modal.warning({
      title: `${countText(result.refused.length, 'transaction was', 'transactions were')} not published`,
      width: 'min(520px, calc(100vw - 32px))',
      content: (
        <>
          <Typography.Paragraph>{publishMessage(result, ledger, connectorNextRun)} These stay in Categorized until they are fixed:</Typography.Paragraph>
          <ul aria-label="Not published" style={{ paddingLeft: 20, margin: 0 }}>
            {result.refused.map((r) => (
              <li key={r.pk} style={{ overflowWrap: 'anywhere' }}>
                <Typography.Text strong>{r.title}</Typography.Text>: {r.reason}
              </li>
            ))}
          </ul>
        </>
      ),
    });
  };
};
