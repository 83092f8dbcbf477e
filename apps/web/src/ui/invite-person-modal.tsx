import { useState, type ReactNode } from 'react';
import { Form, Modal, Typography } from 'antd';
import { applyServerErrors } from '../lib/form-errors';
import { FormAlert } from './form-alert';
import { PersonFields } from './person-fields';

export interface PersonValues {
  email: string;
  first_name: string;
  last_name: string;
}

const FIELDS = ['email', 'first_name', 'last_name'] as const;

interface InvitePersonModalProps<T extends PersonValues> {
  open: boolean;
  title: string;
  okText: string;
  /** Names the form, for accessible labels and tests. */
  name: string;
  intro?: ReactNode;
  /** More fields (a role picker), with the names the server may report errors on. */
  extraFields?: ReactNode;
  extraFieldNames?: readonly string[];
  initialValues?: Partial<T>;
  /** Sends the invitation; a rejection's field errors land on the fields. */
  onSubmit: (values: T) => Promise<unknown>;
  onClose: () => void;
}

/** Email and name of someone to invite (client users, client coworkers, firm coworkers). */
export const InvitePersonModal = <T extends PersonValues>({
  open,
  title,
  okText,
  name,
  intro,
  extraFields,
  extraFieldNames = [],
  initialValues,
  onSubmit,
  onClose,
}: InvitePersonModalProps<T>) => {
  const [form] = Form.useForm<T>();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: T) => {
    setError(null);
    setSubmitting(true);
    try {
      await onSubmit(values);
      onClose();
    } catch (err) {
      setError(applyServerErrors(form, err, [...FIELDS, ...extraFieldNames]));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={submitting}
      destroyOnHidden
      afterClose={() => setError(null)}
    >
      <Form form={form} layout="vertical" requiredMark={false} name={name} onFinish={(values) => void onFinish(values)} initialValues={initialValues}>
        {intro ? <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph> : null}
        <FormAlert message={error} />
        <PersonFields email emailFirst autofill="other" />
        {extraFields}
      </Form>
    </Modal>
  );
};
