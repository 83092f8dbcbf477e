import { useState } from 'react';
import { App, Button, Flex, Typography } from 'antd';
import { countText } from '../../../lib/format';
import { normaliseError } from '../../../lib/api-errors';
import { attachmentsZipUrl, useBulkAction, type AccountantListKind, type BulkAction, type PublishResult } from '../api';
import { SendBackModal } from './send-back-modal';

interface BulkActionsProps {
  companyPk: number;
  kind: AccountantListKind;
  selected: number[];
  onDone: () => void;
}

const DONE: Record<BulkAction, string> = {
  publish: 'Published.',
  back: 'Sent back to the client.',
  hide: 'Hidden.',
  unhide: 'Back in the lists.',
  'clear-errors': 'Sync errors cleared.',
};

/** What the accountant can do with the selected transactions at once. */
export const BulkActions = ({ companyPk, kind, selected, onDone }: BulkActionsProps) => {
  const { message } = App.useApp();
  const bulk = useBulkAction(companyPk);
  const [backOpen, setBackOpen] = useState(false);
  const run = (action: BulkAction, text?: string) =>
    bulk.mutate(
      { action, pks: selected, message: text },
      {
        onSuccess: (answer) => {
          if (action === 'publish') {
            const r = answer as PublishResult;
            void message.success(`${r.published} published, ${r.matched} matched, ${r.rejected} refused by the ledger.`);
          } else void message.success(DONE[action]);
          setBackOpen(false);
          onDone();
        },
        onError: (error) => void message.error(normaliseError(error).detail ?? normaliseError(error).message),
      },
    );
  const none = selected.length === 0;
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} aria-label="Bulk actions">
      <Typography.Text type="secondary" style={{ minWidth: 90 }}>
        {countText(selected.length, 'selected', 'selected')}
      </Typography.Text>
      {kind !== 'hidden' ? (
        <>
          <Button type="primary" disabled={none} loading={bulk.isPending && bulk.variables?.action === 'publish'} onClick={() => run('publish')}>
            Publish
          </Button>
          <Button disabled={none} onClick={() => setBackOpen(true)}>
            Send back
          </Button>
          <Button disabled={none} onClick={() => run('hide')}>
            Hide
          </Button>
          <Button disabled={none} onClick={() => run('clear-errors')}>
            Clear sync errors
          </Button>
        </>
      ) : (
        <Button disabled={none} onClick={() => run('unhide')}>
          Unhide
        </Button>
      )}
      <Button disabled={none} href={none ? undefined : attachmentsZipUrl(companyPk, selected)}>
        Download attachments
      </Button>
      <SendBackModal count={selected.length} open={backOpen} loading={bulk.isPending} onCancel={() => setBackOpen(false)} onSend={(text) => run('back', text)} />
    </Flex>
  );
};
