import { Button, Col, Form, Input, Row, type FormInstance } from 'antd';
import { PASSWORD_MIN_LENGTH, signupBody, type SignupBody } from '@herd/contract';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';

const rule = (field: Exclude<keyof SignupBody, 'time_zone'>) => [zodRule(signupBody.shape[field])];

/** The email sign-up's fields; the server mails the link that finishes it. */
export const SignupForm = ({
  form,
  error,
  pending,
  onFinish,
}: {
  form: FormInstance<SignupBody>;
  error: string | null;
  pending: boolean;
  onFinish: (values: SignupBody) => void;
}) => (
  <Form form={form} layout="vertical" requiredMark={false} validateTrigger="onBlur" onFinish={onFinish} name="free-trial">
    <FormAlert message={error} />
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item label="First name" name="first_name" rules={rule('first_name')}>
          <Input autoComplete="given-name" autoFocus />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="Last name" name="last_name" rules={rule('last_name')}>
          <Input autoComplete="family-name" />
        </Form.Item>
      </Col>
    </Row>
    <Form.Item label="Company name" name="company_name" rules={rule('company_name')}>
      <Input autoComplete="organization" />
    </Form.Item>
    <Form.Item label="Email" name="email" rules={rule('email')}>
      <Input type="email" autoComplete="email" inputMode="email" />
    </Form.Item>
    <Form.Item label="Password" name="password" rules={rule('password')} extra={`At least ${PASSWORD_MIN_LENGTH} characters.`}>
      <Input.Password autoComplete="new-password" />
    </Form.Item>
    <Button type="primary" htmlType="submit" block loading={pending} style={{ marginTop: 8 }}>
      Start free trial
    </Button>
  </Form>
);
