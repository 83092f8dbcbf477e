import { useId, type ReactNode } from 'react';
import { Col, Form, Input, Row } from 'antd';
import { contactsUpdateBody, personUpdateBody } from '@herd/contract';
import { zodRule } from '../lib/form-rules';

/** The form field names a server error about a person may land on. */
export const PERSON_FIELD_NAMES = ['first_name', 'last_name', 'email', 'phone'] as const;

// The update bodies are partial on the server; on a form every shown field is sent, so unwrap them to check them.
const rules = {
  first_name: [zodRule(personUpdateBody.shape.first_name.unwrap())],
  last_name: [zodRule(personUpdateBody.shape.last_name.unwrap())],
  email: [zodRule(contactsUpdateBody.shape.email.unwrap())],
  phone: [zodRule(contactsUpdateBody.shape.phone.unwrap())],
};

interface PersonFieldsProps {
  /** `true`: an email field; `{ readOnly }`: the address shown but not editable here; left out: no email. */
  email?: true | { readOnly: string };
  /** Email above the names (an invitation starts from the address). */
  emailFirst?: boolean;
  emailExtra?: ReactNode;
  phone?: boolean;
  phoneExtra?: ReactNode;
  /** `self`: the browser may fill in the user's own details; `other`: someone else's, so no autofill. */
  autofill: 'self' | 'other';
}

/**
 * First and last name, email and phone of a person, inside an antd Form, with
 * the contract's rules and messages. The form's values use the API's names.
 */
export const PersonFields = ({ email, emailFirst = false, emailExtra, phone = false, phoneExtra, autofill }: PersonFieldsProps) => {
  const own = autofill === 'self';
  // A field outside the form's values has no name to link its label by: the id links it, so it is read as "Email".
  const readOnlyEmailId = useId();
  const emailField =
    email === undefined ? null : email === true ? (
      <Form.Item label="Email" name="email" rules={rules.email} extra={emailExtra}>
        <Input type="email" autoComplete={own ? 'email' : 'off'} inputMode="email" />
      </Form.Item>
    ) : (
      <Form.Item label="Email" extra={emailExtra} htmlFor={readOnlyEmailId}>
        <Input id={readOnlyEmailId} value={email.readOnly} disabled />
      </Form.Item>
    );
  return (
    <>
      {emailFirst ? emailField : null}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="First name" name="first_name" rules={rules.first_name}>
            <Input autoComplete={own ? 'given-name' : 'off'} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Last name" name="last_name" rules={rules.last_name}>
            <Input autoComplete={own ? 'family-name' : 'off'} />
          </Form.Item>
        </Col>
      </Row>
      {emailFirst ? null : emailField}
      {phone ? (
        <Form.Item label="Phone" name="phone" rules={rules.phone} extra={phoneExtra}>
          <Input type="tel" autoComplete={own ? 'tel' : 'off'} inputMode="tel" />
        </Form.Item>
      ) : null}
    </>
  );
};
