import { useState } from 'react';
import { App, Button, Card, Col, Form, Input, Row } from 'antd';
import { profileUpdateBody, type Profile } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { useUpdateProfile } from '../api';

interface ProfileValues {
  first_name: string;
  last_name: string;
  phone: string;
}

const FIELDS = ['first_name', 'last_name', 'phone'] as const;
const shape = profileUpdateBody.shape;
// The update body is partial on the server; on this form both names are always sent, so unwrap to require them.
const rules = {
  first_name: [zodRule(shape.first_name.unwrap())],
  last_name: [zodRule(shape.last_name.unwrap())],
  phone: [zodRule(shape.phone.unwrap())],
};

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
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="First name" name="first_name" rules={rules.first_name}>
              <Input autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Last name" name="last_name" rules={rules.last_name}>
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Email" extra="Your email is how you sign in; it cannot be changed here.">
          <Input value={profile.email} disabled />
        </Form.Item>
        <Form.Item label="Phone" name="phone" rules={rules.phone} extra="Used for text message reminders and sign-in codes.">
          <Input type="tel" autoComplete="tel" inputMode="tel" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Save profile
        </Button>
      </Form>
    </Card>
  );
};
