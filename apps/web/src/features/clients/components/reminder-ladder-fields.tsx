import { Col, Form, Row, Select } from 'antd';
import { ladderOptions, type ReminderFields } from './reminder-schedule-fields';

/**
 * The reminder ladder's two waits, beside the reminder days: a text some days after the first email the client leaves
 * unanswered, then a task for the assigned accountant to call some days after that. Hidden while reminders are off.
 */
export const ReminderLadderFields = ({ saved }: { saved: ReminderFields }) => (
  <Form.Item noStyle dependencies={['reminder_mode']}>
    {({ getFieldValue }) =>
      getFieldValue('reminder_mode') === 'off' ? null : (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label="If unanswered, text them"
              name="text_after"
              extra="Their questions by text, once, to those who have a phone and were not marked never to be texted."
            >
              <Select options={ladderOptions('With the first email', 'after the email', saved.text_after)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Then ask us to call" name="call_after" extra="A call task for the assigned team members, in their bell and, with Karbon, as a work item.">
              <Select options={ladderOptions('With the text', 'after the text', saved.call_after)} />
            </Form.Item>
          </Col>
        </Row>
      )
    }
  </Form.Item>
);
