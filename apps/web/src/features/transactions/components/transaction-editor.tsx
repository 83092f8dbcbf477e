import { useEffect, useRef } from 'react';
import { App, Drawer } from 'antd';
import { EDITABLE_STATUSES, type FinishRule, type Transaction } from '@herd/contract';
import { focusFirstField } from '../../../lib/focus-first-field';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useTouchDevice } from '../../../lib/use-touch-device';
import { useProfile } from '../../auth/api';
import type { Side } from '../api';
import { draftKey, loadDraft } from '../drafts';
import type { Editable } from '../editor-state';
import { EditorBody } from './editor-body';
import { ReadOnlyBody } from './read-only-body';
import { ReviewHistory, ReviewPanel } from './review-panel';

interface TransactionEditorProps {
  transaction: Transaction | null;
  companyPk: number;
  side: Side;
  editable: Editable;
  /** What marking done needs of this person (the company's rule for a client). */
  finishRule: FinishRule;
  onClose: () => void;
  /** After "Done": the list moves on to the next transaction. */
  onDone?: (transaction: Transaction) => void;
}

/** Focus goes back to the row at the moment of closing (useReturnFocus), never after the animation. */
const RETURN_FOCUS_OURSELVES = { focusTriggerAfterClose: false };

const titleOf = (transaction: Transaction) => transaction.payee || transaction.description || 'this transaction';

/**
 * The categorization editor, the same for the client and the accountant; what
 * it shows follows `editable`. Closing it, however (Esc, the cross, outside,
 * Back), never loses what was typed: unsaved edits stay as a draft that the
 * transaction opens with next time, and the person is told so.
 */
export const TransactionEditor = (props: TransactionEditorProps) => {
  const { transaction, side } = props;
  const { message } = App.useApp();
  const profile = useProfile();
  const touch = useTouchDevice();
  const key = transaction ? draftKey(profile.pk, side, transaction.pk) : null;

  // Only a change of the open transaction matters, not a refetch of it: its title is read through a ref.
  const title = useRef('');
  title.current = transaction ? titleOf(transaction) : '';
  const last = useRef<{ key: string; title: string } | null>(null);
  useEffect(() => {
    const left = last.current;
    if (left && left.key !== key && loadDraft(left.key)) void message.info(`Your changes to ${left.title} are kept as a draft; open it again to finish.`);
    last.current = key && title.current ? { key, title: title.current } : null;
  }, [key, message]);
  useReturnFocus(key !== null);

  // The first field takes the cursor as the editor mounts (EditorBody), but a panel still hidden at the start of its
  // opening animation cannot take it: once the panel is shown, the cursor goes there unless it is in the editor already.
  // Without it, typing (and Esc) went nowhere after some openings.
  const content = useRef<HTMLDivElement>(null);
  const afterOpenChange = (opened: boolean) => {
    if (!opened || touch || content.current?.contains(document.activeElement)) return;
    // A suggestion's Accept button is where the keyboard starts when there is one (Enter accepts); it may have
    // missed the focus for the same reason as the first field.
    const start = content.current?.querySelector<HTMLElement>('[data-keyboard-start]');
    if (start) return start.focus({ preventScroll: true });
    // A read-only transaction has no field: the panel itself takes the focus, so Esc and Tab work there.
    if (!focusFirstField(content.current)) content.current?.focus({ preventScroll: true });
  };

  return (
    <Drawer
      open={transaction !== null}
      onClose={props.onClose}
      size={560}
      title={side === 'accountant' ? 'Review' : 'Categorize'}
      destroyOnHidden
      aria-label="Transaction editor"
      // The editor puts the cursor in its first field itself; on a touch device the panel takes focus instead, keeping the on-screen keyboard away.
      autoFocus={touch}
      focusable={RETURN_FOCUS_OURSELVES}
      afterOpenChange={afterOpenChange}
    >
      <div ref={content} tabIndex={-1} style={{ outline: 'none' }}>
        {transaction && key ? (
          side === 'accountant' ? (
            <ReviewBody {...props} transaction={transaction} draftKey={key} />
          ) : (
            <EditorBody key={transaction.pk} {...props} transaction={transaction} draftKey={key} />
          )
        ) : null}
      </div>
    </Drawer>
  );
};

/**
 * The accountant's side of the drawer: the review (status, who answered,
 * Publish and Send back) above the editor, the history below it. A
 * transaction the accountant can no longer change (published, matched, being
 * published, cancelled) opens read-only.
 */
const ReviewBody = (props: TransactionEditorProps & { transaction: Transaction; draftKey: string }) => {
  const { transaction, companyPk, onClose } = props;
  const review = (unsaved: boolean) => <ReviewPanel transaction={transaction} companyPk={companyPk} unsaved={unsaved} onSentBack={onClose} />;
  const footer = <ReviewHistory transaction={transaction} companyPk={companyPk} />;
  if (!EDITABLE_STATUSES.accountant.includes(transaction.status)) {
    return <ReadOnlyBody key={transaction.pk} transaction={transaction} companyPk={companyPk} review={review(false)} footer={footer} />;
  }
  return <EditorBody key={transaction.pk} {...props} review={({ unsaved }) => review(unsaved)} footer={footer} />;
};
