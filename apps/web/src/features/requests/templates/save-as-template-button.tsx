import { useState } from 'react';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { REQUEST_TEMPLATE_NAME_MAX, type RequestDraft } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { canManageRequestTemplates } from '../../../lib/permissions';
import { FormAlert } from '../../../ui/form-alert';
import { useProfile } from '../../auth/api';
import { useChangeGuard } from '../../billing/read-only-guard';
import { useCreateRequestTemplate } from './api';
import { draftSummary } from './template-words';

export interface SaveAsTemplateButtonProps {
  /** The composer's words as they are now. */
  draft: RequestDraft;
}

/** The one field this form shows; the draft's own problems (no subject, no item) are told above it. */
const SHOWN_FIELDS = ['name'] as const;

/**
 * "Save as template" beside the composer: asks for a name and saves the draft's kind, subject, text
 * and checklist as a firm template (never the client, due date, files or vendor, which belong to one
 * request). Shown only to those who may write templates (firm admins and client admins). What the
 * draft lacks (a subject, a checklist item) comes back from the server as a message above the name.
 */
export const SaveAsTemplateButton = ({ draft }: SaveAsTemplateButtonProps) => {
  const profile = useProfile();
  const guard = useChangeGuard();
  const create = useCreateRequestTemplate();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!canManageRequestTemplates(profile)) return null;

  const close = () => {
    setOpen(false);
    setError(null);
  };

  const onFinish = async ({ name }: { name: string }) => {
    setError(null);
    try {
      const saved = await create.mutateAsync({ name, ...draft, items: draft.kind === 'REQUEST' ? draft.items : [] });
      void message.success(`Saved as the template “${saved.name}”`);
      close();
    } catch (err) {
      setError(applyServerErrors(form, err, SHOWN_FIELDS));
    }
  };

  return (
    <>
      <Button icon={<SaveOutlined />} onClick={() => setOpen(true)} {...guard}>
        Save as template
      </Button>
      {open ? (
        <Modal
          open
          title="Save as template"
          okText="Save template"
          onOk={() => form.submit()}
          okButtonProps={{ loading: create.isPending }}
          onCancel={close}
          destroyOnHidden
        >
          <Form form={form} layout="vertical" requiredMark={false} name="save-as-template" initialValues={{ name: draft.subject }} onFinish={(v) => void onFinish(v)}>
            <FormAlert message={error} />
            <Typography.Paragraph type="secondary">
              {draft.kind === 'REQUEST'
                ? `Saves the subject, the message and the checklist (${draftSummary(draft).replace('Checklist of ', '')})`
                : 'Saves the kind, the subject and the message'}{' '}
              for your whole firm. The client, due date and files are chosen on each request.
            </Typography.Paragraph>
            <Form.Item label="Template name" name="name" rules={[{ required: true, whitespace: true, message: 'Name is required.' }]}>
              <Input maxLength={REQUEST_TEMPLATE_NAME_MAX} autoFocus />
            </Form.Item>
          </Form>
        </Modal>
      ) : null}
    </>
  );
};
