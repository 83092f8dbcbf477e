import { useState } from 'react';
import { Input, Modal } from 'antd';
import { requestCountWord } from '../components/request-words';

/** Back to the client with an optional message, which becomes the accountant's note in each thread. */
export const SendBackModal = ({ pks, sending, onSend, onClose }: { pks: number[] | null; sending: boolean; onSend: (message: string) => void; onClose: () => void }) => {
  const [text, setText] = useState('');
  return (
    <Modal
      open={pks !== null}
      title={`Send ${requestCountWord(pks?.length ?? 0)} back to the client`}
      okText="Send back"
      confirmLoading={sending}
      onOk={() => onSend(text.trim())}
      onCancel={onClose}
      afterClose={() => setText('')}
    >
      <Input.TextArea
        aria-label="Message to the client"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 3 }}
        maxLength={2000}
        placeholder="What should the client look at again? (optional)"
      />
    </Modal>
  );
};
