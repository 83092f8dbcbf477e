import { Form, Input, Modal, Typography } from 'antd';
import { backBody, messages } from '@herd/contract';
import { countText } from '../../../lib/format';
import { zodRule } from '../../../lib/form-rules';

interface SendBackModalProps {
  count: number;
  open: boolean;
  loading: boolean;
  onCancel: () => void;
  onSend: (message: string) => void;
  /** The form's name, unique on the page: it makes the field's id, which its label points to. */
  name?: string;
}

// The server takes an empty message; sending work back without a word leaves the client guessing, so the form asks for one.
const rules = [{ required: true, whitespace: true, message: messages.required('Message') }, zodRule(backBody.shape.message.unwrap())];

/** Sends transactions back to the client; the message reaches them as a note and on each transaction. */
export const SendBackModal = ({ count, open, loading, onCancel, onSend, name = 'send-back' }: SendBackModalProps) => {
  const [form] = Form.useForm<{ message: string }>();
  return (
    <Modal
      open={open}
      title={`Send ${countText(count, 'transaction')} back to the client`}
      okText="Send back"
      onOk={() => form.submit()}
      onCancel={onCancel}
      confirmLoading={loading}
      afterClose={() => form.resetFields()}
      // Not forceRender: a closed modal kept rendered stays on top of the Esc stack, and Esc would no longer close the review drawer under it.
    >
      <Typography.Paragraph type="secondary">They will show up again in the client’s list with your message.</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} name={name} onFinish={(values) => onSend(values.message.trim())}>
        <Form.Item label="Message to the client" name="message" rules={rules} validateFirst>
          <Input.TextArea autoSize={{ minRows: 3 }} placeholder="What should they change?" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
