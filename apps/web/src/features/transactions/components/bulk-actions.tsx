import { useState } from 'react';
import { App, Button, Flex, Typography } from 'antd';
import { countText } from '../../../lib/format';
import { useServerError } from '../../../ui/use-server-error';
import { useChangeGuard } from '../../billing/read-only-guard';
import { attachmentsZipUrl, useBulkAction, type AccountantListKind, type BulkAction, type PublishResult } from '../api';
import { useResync } from '../sync-api';
import { usePublishReport } from './publish-report';
import { SendBackModal } from './send-back-modal';

interface BulkActionsProps {
  companyPk: number;
  kind: AccountantListKind;
  selected: number[];
  onDone: () => void;
  /** The ledger Herd reads from and writes to in the background (QuickBooks, QuickBooks Desktop, Xero), by name; null for the others. */
  remoteLedger?: string | null;
  /** QuickBooks Desktop only: when its Web Connector runs next, which a publish waits for. */
  connectorNextRun?: string | null | undefined;
}

const DONE: Record<BulkAction, string> = {
  publish: 'Published.',
  back: 'Sent back to the client.',
  hide: 'Hidden.',
  unhide: 'Back in the lists.',
  'clear-errors': 'Sync errors cleared.',
};

const UNDO = { hide: 'unhide', unhide: 'hide' } as const;
const UNDONE = { hide: 'Unhidden: back in the lists.', unhide: 'Hidden again.' } as const;
/** Long enough to read the toast and reach its Undo. */
const UNDO_SECONDS = 8;

/** What the accountant can do with the selected transactions at once. */
export const BulkActions = ({ companyPk, kind, selected, onDone, remoteLedger = null, connectorNextRun = null }: BulkActionsProps) => {
  const { message } = App.useApp();
  const showError = useServerError();
  const bulk = useBulkAction(companyPk);
  const resync = useResync(companyPk);
  const reportPublish = usePublishReport();
  const [backOpen, setBackOpen] = useState(false);
  /** Hide and Unhide are undone from their toast: the same transactions, the other way. */
  const undoable = (action: 'hide' | 'unhide', pks: number[]) => {
    const key = `undo-${action}`;
    const undo = () => {
      message.destroy(key);
      bulk.mutateAsync({ action: UNDO[action], pks }).then(
        () => void message.success(UNDONE[action]),
        (error: unknown) => showError(error),
      );
    };
    void message.success({
      key,
      duration: UNDO_SECONDS,
      content: (
        <span>
          {DONE[action]}{' '}
          <Button type="link" size="small" onClick={undo} style={{ padding: 0, height: 'auto' }}>
            Undo
          </Button>
        </span>
      ),
    });
  };
  const run = (action: BulkAction, text?: string) =>
    bulk.mutate(
      { action, pks: selected, message: text },
      {
        onSuccess: (answer, { pks }) => {
          if (action === 'publish') reportPublish(answer as PublishResult, remoteLedger ?? 'the ledger', connectorNextRun);
          else if (action === 'hide' || action === 'unhide') undoable(action, pks);
          else void message.success(DONE[action]);
          setBackOpen(false);
          onDone();
        },
        onError: (error) => showError(error),
      },
    );
  const runResync = () =>
    resync.mutate(selected, {
      onSuccess: (result) => {
        void message.success(result.detail);
        onDone();
      },
      onError: (error) => showError(error),
    });
  const none = selected.length === 0;
  // Every action here changes the firm's data but the download, which only reads.
  const guard = useChangeGuard();
  const changes = { disabled: none || guard.disabled, title: guard.title };
  const running = (action: BulkAction) => bulk.isPending && bulk.variables?.action === action;
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} aria-label="Bulk actions">
      <Typography.Text type="secondary" style={{ minWidth: 90 }}>
        {countText(selected.length, 'selected', 'selected')}
      </Typography.Text>
      {kind !== 'hidden' ? (
        <>
          <Button type="primary" {...changes} loading={running('publish')} onClick={() => run('publish')}>
            Publish
          </Button>
          <Button {...changes} onClick={() => setBackOpen(true)}>
            Send back
          </Button>
          <Button {...changes} loading={running('hide')} onClick={() => run('hide')}>
            Hide
          </Button>
          <Button {...changes} loading={running('clear-errors')} onClick={() => run('clear-errors')}>
            Clear sync errors
          </Button>
        </>
      ) : (
        <Button {...changes} loading={running('unhide')} onClick={() => run('unhide')}>
          Unhide
        </Button>
      )}
      {remoteLedger ? (
        <Button {...changes} loading={resync.isPending} onClick={runResync}>
          Resync
        </Button>
      ) : null}
      <Button disabled={none} href={none ? undefined : attachmentsZipUrl(companyPk, selected)}>
        Download attachments
      </Button>
      <SendBackModal count={selected.length} open={backOpen} loading={bulk.isPending} onCancel={() => setBackOpen(false)} onSend={(text) => run('back', text)} />
    </Flex>
  );
};
