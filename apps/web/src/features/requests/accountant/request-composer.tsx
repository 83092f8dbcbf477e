import { useState, type ReactNode } from 'react';
import { App, Button, Drawer, Flex, Form, Input, Radio, Typography } from 'antd';
import { COMMUNICATION_SUBJECT_MAX, COMMUNICATION_TEXT_MAX, type StoredFile } from '@herd/contract';
import { FormAlert } from '../../../ui/form-alert';
import { useReadOnly } from '../../billing/read-only-guard';
import { emptyRequestDraft, type RequestDraft } from '../components/request-draft';
import { REQUEST_KIND_HELP, REQUEST_KIND_LABELS } from '../components/request-words';
import { useCreateRequest, useCreateSchedule } from './api';
import { ChecklistEditor } from './checklist-editor';
import { NO_LIST_ERRORS, placeComposerErrors, type ComposerListErrors } from './composer-errors';
import { draftFromValues, localToday, oneOffBody, scheduleBody, valuesFromDraft, type ComposerValues } from './composer-values';
import { RepeatFields } from './repeat-fields';
import { RequestAttachments } from './request-attachments';

/** A checklist request first: it is what accountants send most. */
const COMPOSER_KINDS = ['REQUEST', 'REPORT', 'NOTICE', 'W9'] as const;

interface RequestComposerProps {
  companyPk: number;
  open: boolean;
  onClose: () => void;
  /** What the composer starts from (a template's words and checklist); an empty request otherwise. */
  initialDraft?: RequestDraft;
  /** A slot at the top of the composer for a template picker: it calls `applyTemplate` with the draft chosen. */
  renderTemplatePicker?: (applyTemplate: (draft: RequestDraft) => void) => ReactNode;
  /** A slot beside the buttons for "Save as template", given the words and checklist as they stand. */
  renderSaveAsTemplate?: (draft: RequestDraft) => ReactNode;
}

const ComposerForm = ({ companyPk, onClose, initialDraft, renderTemplatePicker, renderSaveAsTemplate }: Omit<RequestComposerProps, 'open'>) => {
  const [form] = Form.useForm<ComposerValues>();
  const today = localToday();
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [errors, setErrors] = useState<ComposerListErrors>(NO_LIST_ERRORS);
  const create = useCreateRequest();
  const schedule = useCreateSchedule();
  const { readOnly } = useReadOnly();
  const { message } = App.useApp();
  const kind = Form.useWatch('kind', form);
  const repeat = Form.useWatch('repeat', form);
  // Every field, for the draft "Save as template" would keep.
  const current = Form.useWatch([], form) as Partial<ComposerValues> | undefined;

  const applyTemplate = (draft: RequestDraft) =>
    form.setFieldsValue({ ...valuesFromDraft(draft, today), repeat: form.getFieldValue('repeat') as ComposerValues['repeat'] });

  const showServerErrors = (error: unknown) => setErrors(placeComposerErrors(form, error));

  const submit = (values: ComposerValues) => {
    setErrors(NO_LIST_ERRORS);
    const done = (text: string) => () => {
      void message.success(text);
      onClose();
    };
    if (values.repeat === 'NONE') create.mutate(oneOffBody(companyPk, values, files), { onSuccess: done('Request sent.'), onError: showServerErrors });
    else schedule.mutate(scheduleBody(companyPk, values, files), { onSuccess: done('Schedule created.'), onError: showServerErrors });
  };

  return (
    <Form form={form} layout="vertical" initialValues={valuesFromDraft(initialDraft ?? emptyRequestDraft(), today)} onFinish={submit} aria-label="New request">
      {renderTemplatePicker?.(applyTemplate)}
      <FormAlert message={errors.rest} />
      <Form.Item name="kind" label="Kind" extra={kind ? REQUEST_KIND_HELP[kind] : undefined}>
        <Radio.Group optionType="button" options={COMPOSER_KINDS.map((k) => ({ value: k, label: REQUEST_KIND_LABELS[k] }))} />
      </Form.Item>
      <Form.Item name="subject" label="Subject" rules={[{ required: true, whitespace: true, message: 'Subject is required.' }]}>
        <Input maxLength={COMMUNICATION_SUBJECT_MAX} />
      </Form.Item>
      <Form.Item name="text" label="Text">
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} maxLength={COMMUNICATION_TEXT_MAX} />
      </Form.Item>
      {kind === 'W9' ? (
        <Form.Item
          name="w9_vendor"
          label="Vendor"
          rules={[{ required: true, whitespace: true, message: 'Vendor is required.' }]}
          extra="Whose W-9 the client is asked for."
        >
          <Input maxLength={255} />
        </Form.Item>
      ) : null}
      {kind === 'REQUEST' ? <ChecklistEditor error={errors.items} /> : null}
      <div style={{ margin: '16px 0' }}>
        <RequestAttachments companyPk={companyPk} files={files} onChange={setFiles} error={errors.attachments} />
      </div>
      <RepeatFields today={today} />
      {repeat === 'NONE' ? (
        <Form.Item
          name="due_date"
          label="Due date (optional)"
          rules={[{ validator: (_r, value?: string) => (value && value < today ? Promise.reject(new Error('Due date cannot be in the past.')) : Promise.resolve()) }]}
        >
          <Input type="date" min={today} style={{ maxWidth: 200 }} />
        </Form.Item>
      ) : null}
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={create.isPending || schedule.isPending} disabled={readOnly}>
          {repeat === 'NONE' ? 'Send' : 'Create schedule'}
        </Button>
        <Button onClick={onClose}>Cancel</Button>
        {renderSaveAsTemplate?.(draftFromValues(current ?? {}))}
      </Flex>
      {repeat !== 'NONE' ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          Each date creates its own request for the client. A start date of today sends the first one now.
        </Typography.Paragraph>
      ) : null}
    </Form>
  );
};

/** "New request": one-off or repeating, of any kind, for one client company. */
export const RequestComposer = ({ open, onClose, ...rest }: RequestComposerProps) => (
  <Drawer open={open} onClose={onClose} title="New request" size="min(600px, 100vw)" destroyOnHidden>
    {open ? <ComposerForm onClose={onClose} {...rest} /> : null}
  </Drawer>
);
