import { useState } from 'react';
import { App, Checkbox, Form, Modal } from 'antd';
import type { ClientUser } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { personName } from '../../../lib/format';
import { FormAlert } from '../../../ui/form-alert';
import { PERSON_FIELD_NAMES, PersonFields } from '../../../ui/person-fields';
import { useEditClientUser, type ClientUserEdit } from '../api';

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  never_text: boolean;
}

/** Name and phone go to the user; a changed email goes to contacts-update, where sign-in addresses change. */
export const editOf = (user: ClientUser, values: Values): ClientUserEdit => {
  const person: NonNullable<ClientUserEdit['person']> = {};
  if (values.first_name !== user.first_name) person.first_name = values.first_name;
  if (values.last_name !== user.last_name) person.last_name = values.last_name;
  if (values.phone !== user.phone) person.phone = values.phone;
  if (values.never_text !== user.never_text) person.never_text = values.never_text;
  const email = values.email.trim().toLowerCase();
  return {
    pk: user.pk,
    person: Object.keys(person).length > 0 ? person : undefined,
    contacts: email !== user.email.toLowerCase() ? { email } : undefined,
  };
};

/** Corrects a client user's name, email or phone, and marks whether Herd may ever text them. */
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
        // A new address is confirmed by its owner first (the person keeps their current one until then).
        void message.success(
          change.contacts ? `${personName({ ...user, ...values })} saved; a link to confirm the new email was sent to it` : `${personName({ ...user, ...values })} saved`,
        );
        onClose();
      },
      onError: (err) => setError(applyServerErrors(form, err, [...PERSON_FIELD_NAMES, 'never_text'])),
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
          initialValues={{ first_name: user.first_name, last_name: user.last_name, email: user.email, phone: user.phone, never_text: user.never_text }}
        >
          <FormAlert message={error} />
          <PersonFields
            email
            emailExtra="A new address gets a link to confirm it; they sign in with it once it is confirmed."
            phone
            phoneExtra="For text message reminders."
            autofill="other"
          />
          <Form.Item name="never_text" valuePropName="checked" extra="No reminder or question is texted to them; their emails still go.">
            <Checkbox>Never text {user.first_name || 'this person'}</Checkbox>
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
};
