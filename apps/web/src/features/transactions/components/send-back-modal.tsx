import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { countText } from '../../../lib/format';

interface SendBackModalProps {
  count: number;
  open: boolean;
  loading: boolean;
  onCancel: () => void;
  onSend: (message: string) => void;
}

/** Sends transactions back to the client; the message reaches them as a note. */
export const SendBackModal = ({ count, open, loading, onCancel, onSend }: SendBackModalProps) => {
  const [text, setText] = useState('');
  return (
    <Modal
      open={open}
      title={`Send ${countText(count, 'transaction')} back to the client`}
      okText="Send back"
      onOk={() => onSend(text.trim())}
      onCancel={onCancel}
      confirmLoading={loading}
      afterClose={() => setText('')}
    >
      <Typography.Paragraph type="secondary">They will show up again in the client’s list with your message.</Typography.Paragraph>
      <Input.TextArea aria-label="Message to the client" value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 3 }} placeholder="What should they change?" />
    </Modal>
  );
};
