import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { Alert, App, Button, Flex, Form, Input, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CLIENT_EDITABLE_FIELDS, explanationHint, fromCents, type FinishRule, type Transaction } from '@herd/contract';
import { focusFirstField } from '../../../lib/focus-first-field';
import { useTouchDevice } from '../../../lib/use-touch-device';
import { HeldPicksContext } from '../../../ui/held-picks';
import { ChangesOnly, useReadOnly } from '../../billing/read-only-guard';
import { useLedgerFields, useSelectOptions, useUpdateTransactions, type Side } from '../api';
import { dropDraft, loadDraft, saveDraft } from '../drafts';
import { finishesOnEnter } from '../enter-to-finish';
import { ledgerFieldsFrom } from '../ledger-fields';
import { editorErrors, isShown, may, serverSnapshot, snapshotOf, toChange, toEditLines, type Editable, type EditLine } from '../editor-state';
import { formatMoney, remainingCents } from '../money';
import { addSplitLine, patchSplitLine, removeSplitLine, stopsFollowing, unreadLine } from '../split-lines';
import { useEditConflict } from '../use-edit-conflict';
import { useFinishAfterPicks } from '../use-finish-after-picks';
import { AttachmentsPanel } from './attachments-panel';
import { ConflictPanel } from './conflict-panel';
import { LineFields } from './line-fields';
import { NoteThread } from './note-thread';
import { REQUIRED_TO_FINISH } from './required-mark';
import { SuggestionCard, withSuggestion } from './suggestion-card';
import { TransactionHeading } from './transaction-heading';
import { XeroAttachmentsNote } from './xero-attachments-note';

export interface EditorBodyProps {
  transaction: Transaction;
  companyPk: number;
  side: Side;
  editable: Editable;
  /** What this person must fill to mark it done: the company's rule for a client, a category on every line for the accountant. */
  finishRule: FinishRule;
  /** Where this person's unsaved edits of this transaction are kept (`draftKey`). */
  draftKey: string;
  onClose: () => void;
  /** After "Done": the list moves on to the next transaction. */
  onDone?: (transaction: Transaction) => void;
  /** Shown under the heading (the accountant's review); `unsaved`: lines or memo edited and not saved (a note being typed is not the transaction's). */
  review?: (state: { unsaved: boolean }) => ReactNode;
  /** Shown at the foot (the history). */
  footer?: ReactNode;
}

/** The edits to start from: a kept draft when the server still holds what it was made from. */
const startFrom = (transaction: Transaction, key: string) => {
  const draft = loadDraft(key);
  if (draft && draft.base === serverSnapshot(transaction)) return { lines: draft.lines, memo: draft.memo, note: draft.note, restored: true, stale: false };
  if (draft) dropDraft(key);
  return { lines: toEditLines(transaction), memo: transaction.client_memo, note: '', restored: false, stale: draft !== null };
};

export const EditorBody = ({ transaction, companyPk, side, editable, finishRule, draftKey, onClose, onDone, review, footer }: EditorBodyProps) => {
  const { message } = App.useApp();
  const touch = useTouchDevice();
  const update = useUpdateTransactions(companyPk, side);
  const { readOnly } = useReadOnly();
  const [start] = useState(() => startFrom(transaction, draftKey));
  const [lines, setLines] = useState<EditLine[]>(start.lines);
  const [memo, setMemo] = useState(start.memo);
  const [note, setNote] = useState(start.note);
  const [notice, setNotice] = useState<'restored' | 'stale' | null>(start.restored ? 'restored' : start.stale ? 'stale' : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A save someone else made meanwhile is a conflict to settle (ConflictPanel), never silently overwritten.
  const edits = useEditConflict(transaction);
  const conflict = edits.conflict;
  const root = useRef<HTMLDivElement>(null);
  const refusal = useRef<HTMLDivElement>(null);
  const tracking = useSelectOptions({ kind: 'tracking-categories', companyPk, side }, '', may(editable, 'tracking_option_one') || may(editable, 'tracking_option_two'));
  // The ledger's own fields and words: no class or location for Xero, its tracking categories by their names there.
  const fields = ledgerFieldsFrom(useLedgerFields(companyPk).data, [tracking.data?.[0]?.pk ?? null, tracking.data?.[1]?.pk ?? null]);
  const split = lines.length > 1;
  const remaining = remainingCents(
    transaction.amount,
    lines.map((line) => line.amount),
    transaction.currency,
  );
  const canSplit = may(editable, 'split');
  const memoRequired = finishRule.required.includes('memo');
  const attachmentsRequired = finishRule.required.includes('attachments');
  // Offered while the person has not started answering otherwise (a draft or edited lines are their own answer).
  const suggestion = transaction.suggestion && may(editable, 'category') && !start.restored ? transaction.suggestion : null;

  // Every edit is kept as it is typed; an editor back at what the server holds keeps nothing.
  const base = serverSnapshot(transaction);
  const dirty = snapshotOf(lines, memo) !== base || note.trim() !== '';
  useEffect(() => {
    if (dirty) saveDraft(draftKey, { base, lines, memo, note });
    else dropDraft(draftKey);
  }, [dirty, draftKey, base, lines, memo, note]);

  // Typing starts at once; on a phone the on-screen keyboard would cover the sheet, so nothing is focused there.
  // Only when this transaction opens, not when the device changes under it.
  const touchAtOpen = useRef(touch);
  // With a suggestion, its Accept button takes the keyboard instead (SuggestionCard), so Enter accepts.
  const suggestedAtOpen = useRef(suggestion !== null);
  useEffect(() => {
    if (!touchAtOpen.current && !suggestedAtOpen.current) focusFirstField(root.current);
  }, []);

  // A refusal is said beside the buttons; on a phone the message may sit below the fold, so it is scrolled into view.
  useEffect(() => {
    if (errors.form || Object.keys(errors).length > 0 || conflict) refusal.current?.scrollIntoView?.({ block: 'nearest' });
  }, [errors, conflict]);

  // The line added last follows what is left of the amount until its own amount is typed (split-lines.ts).
  const [follower, setFollower] = useState<string | null>(null);
  const patchLine = (key: string, patch: Partial<EditLine>) => {
    setLines((all) => patchSplitLine(transaction, all, key, patch, follower));
    if (stopsFollowing(key, patch, follower)) setFollower(null);
  };
  const addLine = () => {
    const added = addSplitLine(transaction, lines);
    setLines(added.lines);
    setFollower(added.follower);
  };
  const removeLine = (key: string) => {
    setLines((all) => removeSplitLine(transaction, all, key, follower));
    if (stopsFollowing(key, null, follower)) setFollower(null);
  };
  const discard = () => {
    setLines(toEditLines(transaction));
    setFollower(null);
    setMemo(transaction.client_memo);
    setNote('');
    setErrors({});
    setNotice(null);
  };

  const save = (finished: boolean, accepted?: EditLine[], atVersion = edits.readAs.version) => {
    if (remaining !== null && remaining !== 0) {
      setErrors({ lines: `The lines must add up to ${formatMoney(transaction.amount)}: ${formatMoney(fromCents(remaining))} is left to assign.` });
      return;
    }
    const unread = unreadLine(lines, transaction.currency);
    if (unread) {
      setErrors({ lines: unread });
      return;
    }
    setErrors({});
    const shown = { editable, direction: transaction.direction, fields, split };
    const change = accepted
      ? { ...toChange(transaction, accepted, memo, editable, true), accepted_suggestion: true }
      : toChange(transaction, lines, memo, editable, finished);
    update.mutate([{ ...change, version: atVersion }], {
      onSuccess: (saved) => {
        edits.saved(saved);
        // The saved edits are the server's now; a typed, unsent note stays kept.
        if (note.trim()) saveDraft(draftKey, { base: snapshotOf(lines, memo), lines, memo, note });
        else dropDraft(draftKey);
        void message.success(finished ? 'Marked as done.' : 'Saved.');
        if (finished) (onDone ?? onClose)(transaction);
      },
      onError: (error) => {
        if (!edits.refusedAsStale(error, finished)) setErrors(editorErrors(error, 0, (key) => isShown(shown, key)));
      },
    });
  };

  // Keep mine: the same save again, now over what the other person saved. Take theirs: their answer in the form.
  const keepMine = () => conflict && save(conflict.finished, undefined, conflict.theirs.version);
  const takeTheirs = () => {
    const theirs = edits.takeTheirs();
    if (!theirs) return;
    setLines(toEditLines(theirs));
    setMemo(theirs.client_memo);
    setFollower(null);
    setErrors({});
  };

  const acceptSuggestion = (taken: NonNullable<Transaction['suggestion']>) => {
    const accepted = withSuggestion(lines, taken);
    setLines(accepted);
    save(true, accepted);
  };

  const { picks, finishAfterPicks } = useFinishAfterPicks(() => save(true), !readOnly);

  // Enter again on the category just chosen (its list closed) saves as done, as Ctrl+Enter does. Seen before the
  // select, which would otherwise reopen its list.
  const enterToFinish = (event: ReactKeyboardEvent) => {
    if (readOnly || update.isPending || !finishesOnEnter(event)) return;
    event.preventDefault();
    event.stopPropagation();
    save(true);
  };

  const fieldErrors = Object.keys(errors).some((key) => key !== 'form' && key !== 'lines');
  const memoField = (
    <Form.Item
      label="Memo"
      required={memoRequired}
      extra={memoRequired ? REQUIRED_TO_FINISH : undefined}
      style={{ marginTop: memoRequired ? 0 : 16, marginBottom: memoRequired ? 16 : 0 }}
      validateStatus={errors.client_memo ? 'error' : undefined}
      help={errors.client_memo}
    >
      <Input.TextArea aria-label="Memo" value={memo} onChange={(e) => setMemo(e.target.value)} autoSize={{ minRows: 2 }} placeholder="What was this for?" />
    </Form.Item>
  );
  const attachments = (
    <AttachmentsPanel
      transaction={transaction}
      companyPk={companyPk}
      canEdit={may(editable, 'attachments')}
      required={attachmentsRequired}
      error={errors.attachments}
      // The client is who would send a file Xero has already.
      note={side === 'client' ? <XeroAttachmentsNote transactionPk={transaction.pk} companyPk={companyPk} /> : null}
    />
  );
  return (
    <HeldPicksContext.Provider value={picks}>
      <Flex vertical gap={20} data-testid="transaction-editor" ref={root} onKeyDownCapture={enterToFinish}>
        <TransactionHeading transaction={transaction} />
        {review?.({ unsaved: snapshotOf(lines, memo) !== base })}
        {notice === 'restored' ? (
          <Alert
            type="info"
            showIcon
            title="Your unsaved changes are back."
            action={
              <Button size="small" onClick={discard}>
                Discard changes
              </Button>
            }
          />
        ) : null}
        {notice === 'stale' ? <Alert type="warning" showIcon title="This transaction changed since you left it, so your unsaved changes were set aside." /> : null}
        {transaction.back_message ? (
          <Alert
            type="warning"
            showIcon
            title={side === 'client' ? 'Your accountant sent this back' : 'Sent back to the client'}
            description={transaction.back_message}
          />
        ) : null}
        {suggestion ? (
          <SuggestionCard suggestion={suggestion} pending={update.isPending} focus={!touchAtOpen.current} onAccept={() => acceptSuggestion(suggestion)} />
        ) : null}
        {transaction.sync_errors.map((e) => (
          <Alert key={e.pk} type="error" showIcon title="The ledger refused this transaction" description={e.message} />
        ))}
        {finishRule.category_or_explanation ? (
          <Alert type="info" showIcon role="note" data-testid="finish-hint" title={explanationHint(editable === 'all' ? CLIENT_EDITABLE_FIELDS : editable)} />
        ) : null}
        <ChangesOnly>
          <Form layout="vertical" component="div">
            {/* What the company requires comes first: a required memo above the lines, required line fields first in each line. */}
            {may(editable, 'memo') && memoRequired ? memoField : null}
            {attachmentsRequired ? <div style={{ marginBottom: 16 }}>{attachments}</div> : null}
            {lines.map((line, index) => (
              <LineFields
                key={line.key}
                line={line}
                index={index}
                companyPk={companyPk}
                transactionPk={transaction.pk}
                side={side}
                editable={editable}
                direction={transaction.direction}
                currency={transaction.currency}
                fields={fields}
                split={split}
                required={finishRule.required}
                errors={errors}
                onChange={(patch) => patchLine(line.key, patch)}
                onRemove={split ? () => removeLine(line.key) : undefined}
              />
            ))}
            {canSplit ? (
              <Flex align="center" justify="space-between" gap={12} wrap>
                <Button icon={<PlusOutlined />} onClick={addLine}>
                  {split ? 'Add a line' : 'Split'}
                </Button>
                {split ? (
                  <Typography.Text type={remaining === 0 ? 'success' : 'danger'} data-testid="remaining">
                    {remaining === null ? 'Enter every line’s amount' : `Remaining: ${formatMoney(fromCents(remaining))}`}
                  </Typography.Text>
                ) : null}
              </Flex>
            ) : null}
            {errors.lines ? (
              <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
                {errors.lines}
              </Typography.Text>
            ) : null}
            {may(editable, 'memo') && !memoRequired ? memoField : null}
          </Form>
        </ChangesOnly>
        <div ref={refusal}>
          {/* Beside the buttons, where the person who pressed Save is looking. */}
          {conflict ? (
            <div style={{ marginBottom: 12 }}>
              <ConflictPanel changes={edits.changes} pending={update.isPending} onKeepMine={keepMine} onTakeTheirs={takeTheirs} />
            </div>
          ) : null}
          {errors.form || fieldErrors ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title="Not saved"
              description={errors.form ?? 'Please correct the fields marked in red.'}
              style={{ marginBottom: 12 }}
            />
          ) : null}
          <ChangesOnly>
            <Flex gap={8} wrap>
              <Button type="primary" onClick={finishAfterPicks} loading={update.isPending}>
                Done
              </Button>
              <Button onClick={() => save(false)} disabled={readOnly || update.isPending}>
                Save
              </Button>
              {touch ? null : (
                <Typography.Text type="secondary" style={{ alignSelf: 'center', fontSize: 12 }} data-testid="keyboard-hint">
                  {/* Enter finishes only from the category picker: without one, that half of the hint would promise nothing. */}
                  {may(editable, 'category') ? 'Enter on a chosen category or Ctrl + Enter: done · Esc: close' : 'Ctrl + Enter: done · Esc: close'}
                </Typography.Text>
              )}
            </Flex>
          </ChangesOnly>
        </div>
        {attachmentsRequired ? null : attachments}
        <NoteThread transactionPk={transaction.pk} companyPk={companyPk} body={note} onBodyChange={setNote} side={side} />
        {footer}
      </Flex>
    </HeldPicksContext.Provider>
  );
};
