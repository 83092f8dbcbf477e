import { useState } from 'react';
import { App, Form, Input, Modal, Select } from 'antd';
import {
  COMMUNICATION_KINDS,
  COMMUNICATION_SUBJECT_MAX,
  COMMUNICATION_TEXT_MAX,
  REQUEST_TEMPLATE_NAME_MAX,
  type CommunicationItemDraft,
  type CommunicationKind,
  type RequestTemplate,
} from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { FormAlert } from '../../../ui/form-alert';
import { useCreateRequestTemplate, useUpdateRequestTemplate } from './api';
import { ChecklistEditor } from './checklist-editor';
import { REQUEST_KIND_LABELS } from './template-words';

interface Values {
  name: string;
  kind: CommunicationKind;
  subject: string;
  text: string;
  items: CommunicationItemDraft[];
}

const FIELDS = ['name', 'kind', 'subject', 'text', 'items'] as const;
const KIND_OPTIONS = COMMUNICATION_KINDS.map((kind) => ({ value: kind, label: REQUEST_KIND_LABELS[kind] }));
const BLANK: Values = { name: '', kind: 'REQUEST', subject: '', text: '', items: [{ label: '', answer_kind: 'FILES', required: true }] };

export interface TemplateFormModalProps {
  /** The template to change; without it the modal saves a new one. */
  template?: RequestTemplate;
  onClose: () => void;
}

/** Writes or changes a template: its name, kind, subject, text and, for a request, its checklist. */
export const TemplateFormModal = ({ template, onClose }: TemplateFormModalProps) => {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? template?.kind ?? BLANK.kind;
  const create = useCreateRequestTemplate();
  const update = useUpdateRequestTemplate();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;

  const onFinish = async (values: Values) => {
    setError(null);
    // Only a request has a checklist; a template switched to another kind drops the one it had.
    const body = { ...values, text: values.text ?? '', items: values.kind === 'REQUEST' ? values.items : [] };
    try {
      if (template) await update.mutateAsync({ pk: template.pk, body });
      else await create.mutateAsync(body);
      void message.success(template ? `“${body.name.trim()}” saved` : `Template “${body.name.trim()}” added`);
      onClose();
    } catch (err) {
      setError(applyServerErrors(form, err, FIELDS));
    }
  };

  return (
    <Modal
      open
      title={template ? `Edit “${template.name}”` : 'New request template'}
      okText={template ? 'Save template' : 'Add template'}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving }}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} name="request-template" initialValues={template ?? BLANK} onFinish={(v) => void onFinish(v)}>
        <FormAlert message={error} />
        <Form.Item
          label="Template name"
          name="name"
          rules={[{ required: true, whitespace: true, message: 'Name is required.' }]}
          extra="What your team sees in the template list."
        >
          <Input maxLength={REQUEST_TEMPLATE_NAME_MAX} autoFocus />
        </Form.Item>
        <Form.Item label="Kind" name="kind">
          <Select options={KIND_OPTIONS} aria-label="Kind" />
        </Form.Item>
        <Form.Item label="Subject" name="subject" rules={[{ required: true, whitespace: true, message: 'Subject is required.' }]}>
          <Input maxLength={COMMUNICATION_SUBJECT_MAX} />
        </Form.Item>
        <Form.Item label="Message to the client" name="text">
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={COMMUNICATION_TEXT_MAX} />
        </Form.Item>
        {kind === 'REQUEST' ? (
          <Form.Item label="Checklist" required>
            <ChecklistEditor />
          </Form.Item>
        ) : null}
        {kind === 'W9' ? (
          <Form.Item>
            <span>The vendor is named on each request sent from this template.</span>
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
};
