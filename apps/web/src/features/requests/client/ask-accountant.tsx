import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { COMMUNICATION_SUBJECT_MAX, COMMUNICATION_TEXT_MAX, type StoredFile } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import { ChangesOnly } from '../../billing/read-only-guard';
import { useAskAccountant } from './client-requests-api';
import { RequestFilePicker } from './request-file-picker';
import { useClientPreview } from '../../client-side/preview';

interface AskValues {
  subject: string;
  text: string;
}

const FIELDS = ['subject', 'text'] as const;

/**
 * The client writes to their accountant about this company: a subject, what they want to say, and
 * files if they have some. With files it is shared as a report, without as a message; either waits
 * on the accountant, who answers in its notes.
 */
export const AskAccountant = ({ companyPk }: { companyPk: number }) => {
  const phone = usePhoneLayout();
  const preview = useClientPreview();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AskValues>();
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const ask = useAskAccountant(companyPk);

  const close = () => {
    setOpen(false);
    setFiles([]);
    setProblem(null);
    form.resetFields();
  };
  const send = (values: AskValues) => {
    setProblem(null);
    ask.mutate(
      {
        client_company: companyPk,
        kind: files.length > 0 ? 'REPORT' : 'NOTICE',
        subject: values.subject.trim(),
        text: (values.text ?? '').trim(),
        items: [],
        attachments: files.map((file) => file.pk),
        w9_vendor: '',
        due_date: null,
      },
      { onSuccess: close, onError: (error) => setProblem(applyServerErrors(form, error, FIELDS)) },
    );
  };

  // Writing to the firm is the client's to do: the firm's preview of their screens leaves it out.
  if (preview) return null;
  return (
    <>
      <ChangesOnly>
        <Button icon={<EditOutlined />} onClick={() => setOpen(true)}>
          Ask your accountant
        </Button>
      </ChangesOnly>
      <Modal
        open={open}
        title="Ask your accountant"
        onCancel={close}
        okText="Send"
        onOk={() => form.submit()}
        confirmLoading={ask.isPending}
        width={phone ? '100%' : 520}
        style={phone ? { top: 8, maxWidth: 'calc(100vw - 16px)' } : undefined}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={send} initialValues={{ subject: '', text: '' }}>
          <Form.Item name="subject" label="Subject" rules={[{ required: true, whitespace: true, message: 'Subject is required.' }]}>
            <Input maxLength={COMMUNICATION_SUBJECT_MAX} />
          </Form.Item>
          <Form.Item name="text" label="Message">
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={COMMUNICATION_TEXT_MAX} />
          </Form.Item>
          <Form.Item label="Files (optional)">
            <RequestFilePicker companyPk={companyPk} label="your message" value={files} onChange={setFiles} />
          </Form.Item>
          {problem ? <Alert type="error" showIcon message={problem} /> : null}
        </Form>
      </Modal>
    </>
  );
};
