import { App, Button } from 'antd';
import type { useDocumentChanges } from '../api';
import { normaliseError } from '../../../lib/api-errors';

/** How long the undo stays offered after a delete. */
export const UNDO_SECONDS = 10;

/**
 * Deleting puts items in the trash at once and offers "Undo" for a while: the server keeps what one
 * delete removed together and restores it in one call, so nothing is asked before, and nothing is lost.
 */
export const useUndoableDelete = (changes: ReturnType<typeof useDocumentChanges>) => {
  const { message } = App.useApp();
  return async (pks: number[]) => {
    if (pks.length === 0) return;
    try {
      const { deletion, count } = await changes.remove.mutateAsync(pks);
      const key = `deleted-${deletion}`;
      const undo = async () => {
        message.destroy(key);
        try {
          await changes.restore.mutateAsync(deletion);
          void message.success('Restored.');
        } catch (err) {
          void message.error(normaliseError(err).message);
        }
      };
      void message.open({
        key,
        type: 'success',
        duration: UNDO_SECONDS,
        content: (
          <span>
            {count === 1 ? 'Deleted 1 item.' : `Deleted ${count} items.`}{' '}
            <Button type="link" size="small" onClick={() => void undo()}>
              Undo
            </Button>
          </span>
        ),
      });
    } catch (err) {
      void message.error(normaliseError(err).message);
    }
  };
};
