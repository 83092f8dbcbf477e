import { useState } from 'react';
import { App, Col, Form, Input, Modal, Row } from 'antd';
import { contactsUpdateBody, personUpdateBody, type ClientUser } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { personName } from '../../../lib/format';
import { FormAlert } from '../../../ui/form-alert';
import { useEditClientUser, type ClientUserEdit } from '../api';

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

const FIELDS = ['first_name', 'last_name', 'email', 'phone'] as const;
const rules = {
  first_name: [zodRule(personUpdateBody.shape.first_name.unwrap())],
  last_name: [zodRule(personUpdateBody.shape.last_name.unwrap())],
  email: [zodRule(contactsUpdateBody.shape.email.unwrap())],
  phone: [zodRule(contactsUpdateBody.shape.phone.unwrap())],
};

/** Name and phone go to the user; a changed email goes to contacts-update, where sign-in addresses change. */
export const editOf = (user: ClientUser, values: Values): ClientUserEdit => {
  const person: NonNullable<ClientUserEdit['person']> = {};
  if (values.first_name !== user.first_name) person.first_name = values.first_name;
  if (values.last_name !== user.last_name) person.last_name = values.last_name;
  if (values.phone !== user.phone) person.phone = values.phone;
  const email = values.email.trim().toLowerCase();
  return {
    pk: user.pk,
    person: Object.keys(person).length > 0 ? person : undefined,
    contacts: email !== user.email.toLowerCase() ? { email } : undefined,
  };
};

/** Corrects a client user's name, email or phone. */
export const EditClientUserModal = ({ user, onClose }: { user: ClientUser | null; onClose: () => void }) => {
  const [form] = Form.useForm<Values>();
  const edit = useEditClientUser();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);

  const onFinish = (values: Values) => {
    if (!user) return;
    setError(null);
    const change = editOf(user, values);
    if (!change.person && !change.contacts) return onClose();
    edit.mutate(change, {
      onSuccess: () => {
        void message.success(`${personName({ ...user, ...values })} saved`);
        onClose();
      },
      onError: (err) => setError(applyServerErrors(form, err, FIELDS)),
    });
  };

  return (
    <Modal
      open={user !== null}
      title={user ? `Edit ${personName(user)}` : ''}
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={edit.isPending}
      destroyOnHidden
      afterClose={() => setError(null)}
    >
      {user ? (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          name="edit-client-user"
          onFinish={onFinish}
          initialValues={{ first_name: user.first_name, last_name: user.last_name, email: user.email, phone: user.phone }}
        >
          <FormAlert message={error} />
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item label="First name" name="first_name" rules={rules.first_name}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Last name" name="last_name" rules={rules.last_name}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label="Email" name="email" rules={rules.email} extra="They sign in with this address from now on.">
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item label="Phone" name="phone" rules={rules.phone} extra="For text message reminders.">
            <Input type="tel" autoComplete="off" />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
};
