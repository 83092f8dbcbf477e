import { Button, Card, Checkbox, Flex, Form, Input, Select, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { COMMUNICATION_ITEM_ANSWER_KINDS, COMMUNICATION_MAX_ITEMS } from '@herd/contract';
import { ITEM_ANSWER_KIND_LABELS } from '../components/request-words';

/** A request's checklist: items added, removed and moved; each asks for text or files, and may be optional. */
export const ChecklistEditor = ({ error }: { error: string | null }) => (
  <section aria-label="Checklist">
    <Typography.Text strong>Checklist</Typography.Text>
    <Form.List name="items">
      {(fields, { add, remove, move }) => (
        <Flex vertical gap={8} style={{ marginTop: 8 }}>
          {fields.map((field, index) => (
            <Card key={field.key} size="small" aria-label={`Checklist item ${index + 1}`} styles={{ body: { padding: 10 } }}>
              <Form.Item
                name={[field.name, 'label']}
                label={`Item ${index + 1}`}
                rules={[{ required: true, whitespace: true, message: 'Item is required.' }]}
                style={{ marginBottom: 8 }}
              >
                <Input maxLength={500} placeholder="e.g. Bank statement for November" />
              </Form.Item>
              <Flex gap={8} wrap align="center" justify="space-between">
                <Flex gap={8} wrap align="center">
                  <Form.Item name={[field.name, 'answer_kind']} noStyle>
                    <Select
                      aria-label={`Item ${index + 1} answer`}
                      style={{ width: 130 }}
                      options={COMMUNICATION_ITEM_ANSWER_KINDS.map((k) => ({ value: k, label: ITEM_ANSWER_KIND_LABELS[k] }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'required']} valuePropName="checked" noStyle>
                    <Checkbox>Required</Checkbox>
                  </Form.Item>
                </Flex>
                <Flex gap={4}>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={`Move item ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={`Move item ${index + 1} down`}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <Button
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={`Remove item ${index + 1}`}
                    disabled={fields.length === 1}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              </Flex>
            </Card>
          ))}
          {error ? (
            <Typography.Text type="danger" role="alert">
              {error}
            </Typography.Text>
          ) : null}
          <div>
            <Button icon={<PlusOutlined />} disabled={fields.length >= COMMUNICATION_MAX_ITEMS} onClick={() => add({ label: '', answer_kind: 'FILES', required: true })}>
              Add item
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  </section>
);
