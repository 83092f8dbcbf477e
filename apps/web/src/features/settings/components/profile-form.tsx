import { useState } from 'react';
import { App, Button, Card, Form } from 'antd';
import type { Profile } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { FormAlert } from '../../../ui/form-alert';
import { PersonFields } from '../../../ui/person-fields';
import { useUpdateProfile } from '../api';

interface ProfileValues {
  first_name: string;
  last_name: string;
  phone: string;
}

const FIELDS = ['first_name', 'last_name', 'phone'] as const;

/** Name and phone of the signed-in user (users/profile/update/). */
export const ProfileForm = ({ profile }: { profile: Profile }) => {
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateProfile();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);

  const onFinish = (values: ProfileValues) => {
    setError(null);
    update.mutate(values, {
      onSuccess: () => void message.success('Profile saved'),
      onError: (err) => setError(applyServerErrors(form, err, FIELDS)),
    });
  };

  return (
    <Card title="Profile" variant="outlined">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        validateTrigger="onBlur"
        onFinish={onFinish}
        name="profile"
        initialValues={{ first_name: profile.first_name, last_name: profile.last_name, phone: profile.phone }}
        style={{ maxWidth: 640 }}
      >
        <FormAlert message={error} />
        <PersonFields
          email={{ readOnly: profile.email }}
          emailExtra="Your email is how you sign in; it cannot be changed here."
          phone
          phoneExtra="Used for text message reminders and sign-in codes."
          autofill="self"
        />
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Save profile
        </Button>
      </Form>
    </Card>
  );
};
