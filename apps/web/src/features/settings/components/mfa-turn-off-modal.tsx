import { useState } from 'react';
import { App, Form, Input, Modal, Typography } from 'antd';
import { mfaDisableBody } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { useDisableMfa } from '../mfa-api';

/** Turning two-step verification off, confirmed with the password (a session left open must not be enough). */
export const MfaTurnOffModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const [form] = Form.useForm<{ password: string }>();
  const [problem, setProblem] = useState<string | null>(null);
  const disable = useDisableMfa();
  const { message } = App.useApp();

  const onFinish = ({ password }: { password: string }) => {
    setProblem(null);
    disable.mutate(password, {
      onSuccess: (answer) => {
        void message.success(answer.detail);
        onClose();
      },
      onError: (err) => setProblem(applyServerErrors(form, err, ['password'])),
    });
  };

  return (
    <Modal
      open={open}
      title="Turn off two-step verification?"
      okText="Turn off"
      okButtonProps={{ danger: true }}
      confirmLoading={disable.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => setProblem(null)}
    >
      <Typography.Paragraph>Signing in will take your password alone, and your recovery codes stop working.</Typography.Paragraph>
      <FormAlert message={problem} />
      <Form form={form} layout="vertical" requiredMark={false} name="mfa-turn-off" onFinish={onFinish}>
        <Form.Item label="Your password" name="password" rules={[zodRule(mfaDisableBody.shape.password)]}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
};
