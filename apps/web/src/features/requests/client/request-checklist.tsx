import { useState } from 'react';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import type { Communication, StoredFile } from '@herd/contract';
import { placeServerErrors } from '../../../lib/form-errors';
import { ChangesOnly } from '../../billing/read-only-guard';
import { useAnswerRequest } from './client-requests-api';
import { RequestFilePicker } from './request-file-picker';

type Item = Communication['items'][number];
type Answer = { item: number; text?: string; files?: number[] };

const sameFiles = (a: readonly StoredFile[], b: readonly StoredFile[]) => a.length === b.length && a.every((file, i) => file.pk === b[i]?.pk);

/** An item's answer as the form holds it now. */
interface Draft {
  texts: Record<number, string>;
  files: Record<number, StoredFile[]>;
}

const isAnswered = (item: Item, draft: Draft) => (item.answer_kind === 'TEXT' ? (draft.texts[item.pk] ?? '').trim() !== '' : (draft.files[item.pk] ?? []).length > 0);

const answerOf = (item: Item, draft: Draft): Answer =>
  item.answer_kind === 'TEXT' ? { item: item.pk, text: (draft.texts[item.pk] ?? '').trim() } : { item: item.pk, files: (draft.files[item.pk] ?? []).map((f) => f.pk) };

/**
 * What to send: the items the person changed. When nothing changed but every required item has an
 * answer (a request reopened with its earlier answers), the answers as they stand, so it can move on.
 */
const answersToSend = (items: readonly Item[], draft: Draft): Answer[] => {
  const changed = items.filter((item) =>
    item.answer_kind === 'TEXT' ? (draft.texts[item.pk] ?? '').trim() !== item.answer_text : !sameFiles(draft.files[item.pk] ?? [], item.answer_files),
  );
  if (changed.length > 0) return changed.map((item) => answerOf(item, draft));
  return items.filter((item) => isAnswered(item, draft)).map((item) => answerOf(item, draft));
};

/**
 * A REQUEST's checklist, answered item by item: text boxes and files. Answers are kept as they are
 * saved, so a person on a phone can answer a few items now and the rest later; the request goes to
 * the accountant once every required item has an answer.
 */
export const RequestChecklist = ({ companyPk, request, onAnswered }: { companyPk: number; request: Communication; onAnswered: () => void }) => {
  const answer = useAnswerRequest(companyPk);
  const [draft, setDraft] = useState<Draft>(() => ({
    texts: Object.fromEntries(request.items.map((item) => [item.pk, item.answer_text])),
    files: Object.fromEntries(request.items.map((item) => [item.pk, item.answer_files])),
  }));
  const [errors, setErrors] = useState<Record<number, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const required = request.items.filter((item) => item.required);
  const left = required.filter((item) => !isAnswered(item, draft)).length;

  const save = () => {
    const answers = answersToSend(request.items, draft);
    setErrors({});
    setSaved(null);
    if (answers.length === 0) {
      setProblem('Answer an item first.');
      return;
    }
    setProblem(null);
    answer.mutate(
      { pk: request.pk, answers },
      {
        onSuccess: ([updated]) => {
          if (updated && updated.status !== 'PROCESSING') onAnswered();
          else setSaved(`Saved. ${left === 1 ? '1 required item is' : `${left} required items are`} still to answer.`);
        },
        onError: (error) => {
          // `communications.0.answers.2.text` names the third answer sent: put it under its item.
          const placed = placeServerErrors(error, (key) => {
            const match = /^communications\.0\.answers\.(\d+)/.exec(key);
            const sent = match ? answers[Number(match[1])] : undefined;
            return sent ? String(sent.item) : null;
          });
          setErrors(Object.fromEntries([...placed.fields].map(([pk, messages]) => [Number(pk), messages])));
          setProblem(placed.rest);
        },
      },
    );
  };

  return (
    <section aria-label="Checklist">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          {left === 0 ? 'Every required item has an answer.' : `${left} of ${required.length} required ${required.length === 1 ? 'item' : 'items'} to answer.`}
        </Typography.Text>
        <ol style={{ margin: 0, padding: 0 }}>
          {request.items.map((item, index) => (
            <li key={item.pk} data-testid="request-item" style={{ listStyle: 'none', padding: '10px 0', borderTop: index > 0 ? '1px solid #eef1ef' : undefined }}>
              <Flex vertical gap={6}>
                <label htmlFor={`request-item-${item.pk}`} style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {item.label}
                  {item.required ? null : <Typography.Text type="secondary"> (optional)</Typography.Text>}
                </label>
                {item.answer_kind === 'TEXT' ? (
                  <Input.TextArea
                    id={`request-item-${item.pk}`}
                    value={draft.texts[item.pk] ?? ''}
                    onChange={(event) => setDraft((d) => ({ ...d, texts: { ...d.texts, [item.pk]: event.target.value } }))}
                    autoSize={{ minRows: 2, maxRows: 8 }}
                    status={errors[item.pk] ? 'error' : undefined}
                  />
                ) : (
                  <RequestFilePicker
                    companyPk={companyPk}
                    label={item.label}
                    value={draft.files[item.pk] ?? []}
                    onChange={(files) => setDraft((d) => ({ ...d, files: { ...d.files, [item.pk]: files } }))}
                  />
                )}
                {(errors[item.pk] ?? []).map((message) => (
                  <Typography.Text key={message} type="danger" style={{ fontSize: 13 }}>
                    {message}
                  </Typography.Text>
                ))}
              </Flex>
            </li>
          ))}
        </ol>
        {problem ? <Alert type="error" showIcon message={problem} /> : null}
        {saved ? <Alert type="success" showIcon message={saved} /> : null}
        <ChangesOnly>
          <Button type="primary" size="large" block onClick={save} loading={answer.isPending}>
            {left === 0 ? 'Send answers' : 'Save answers'}
          </Button>
        </ChangesOnly>
      </Flex>
    </section>
  );
};

/** A checklist as answered, read-only (with the accountant, finished or cancelled). */
export const ChecklistAnswers = ({ request }: { request: Communication }) => (
  <ol aria-label="Answers" style={{ margin: 0, padding: 0 }}>
    {request.items.map((item) => (
      <li key={item.pk} style={{ listStyle: 'none', padding: '8px 0', borderTop: '1px solid #eef1ef' }}>
        <Typography.Text strong style={{ display: 'block', overflowWrap: 'anywhere' }}>
          {item.label}
        </Typography.Text>
        {item.answer_kind === 'TEXT' && item.answer_text ? (
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{item.answer_text}</Typography.Paragraph>
        ) : null}
        {item.answer_files.map((file) => (
          <Typography.Link key={file.pk} href={file.url} target="_blank" rel="noreferrer" style={{ display: 'block', overflowWrap: 'anywhere' }}>
            {file.name}
          </Typography.Link>
        ))}
        {item.answered_at === null ? <Typography.Text type="secondary">Not answered</Typography.Text> : null}
      </li>
    ))}
  </ol>
);
