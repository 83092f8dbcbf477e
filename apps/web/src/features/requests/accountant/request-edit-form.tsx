import { useState } from 'react';
import { App, Button, Flex, Form, Input } from 'antd';
import { COMMUNICATION_SUBJECT_MAX, COMMUNICATION_TEXT_MAX, type Communication } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { FormAlert } from '../../../ui/form-alert';
import { useReadOnly } from '../../billing/read-only-guard';
import { useEditRequest } from './api';
import { localToday } from './composer-values';

interface Values {
  subject: string;
  text: string;
  due_date: string;
}
const FIELDS = ['subject', 'text', 'due_date'] as const;
// The update answers errors by the change's place in its list.
const ALIASES = Object.fromEntries(FIELDS.map((f) => [`communications.0.${f}`, f]));

/** The words and due date of a request already sent; only what changed is sent, and the client sees the change. */
export const RequestEditForm = ({ request, onDone }: { request: Communication; onDone: () => void }) => {
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const edit = useEditRequest(request.client_company.pk);
  const { readOnly } = useReadOnly();
  const { message } = App.useApp();
  const today = localToday();
  const before: Values = { subject: request.subject, text: request.text, due_date: request.due_date ?? '' };
  const submit = (values: Values) => {
    const change: { pk: number; subject?: string; text?: string; due_date?: string | null } = { pk: request.pk };
    if (values.subject.trim() !== before.subject) change.subject = values.subject.trim();
    if ((values.text ?? '').trim() !== before.text) change.text = (values.text ?? '').trim();
    if ((values.due_date ?? '') !== before.due_date) change.due_date = values.due_date || null;
    if (Object.keys(change).length === 1) return onDone();
    setProblem(null);
    edit.mutate(change, {
      onSuccess: () => {
        void message.success('Request saved.');
        onDone();
      },
      onError: (error) => setProblem(applyServerErrors(form, error, FIELDS, ALIASES)),
    });
  };
  return (
    <Form form={form} layout="vertical" initialValues={before} onFinish={submit} aria-label="Edit request">
      <FormAlert message={problem} />
      <Form.Item name="subject" label="Subject" rules={[{ required: true, whitespace: true, message: 'Subject is required.' }]}>
        <Input maxLength={COMMUNICATION_SUBJECT_MAX} />
      </Form.Item>
      <Form.Item name="text" label="Text">
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} maxLength={COMMUNICATION_TEXT_MAX} />
      </Form.Item>
      <Form.Item
        name="due_date"
        label="Due date (optional)"
        rules={[
          {
            validator: (_r, value?: string) =>
              value && value < today && value !== before.due_date ? Promise.reject(new Error('Due date cannot be in the past.')) : Promise.resolve(),
          },
        ]}
      >
        <Input type="date" style={{ maxWidth: 200 }} />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={edit.isPending} disabled={readOnly}>
          Save
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Flex>
    </Form>
  );
};
