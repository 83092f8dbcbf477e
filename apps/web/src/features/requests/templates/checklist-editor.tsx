import { Button, Checkbox, Flex, Form, Input, Select, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { COMMUNICATION_ITEM_ANSWER_KINDS, COMMUNICATION_MAX_ITEMS } from '@herd/contract';
import { ANSWER_KIND_LABELS } from './template-words';

const ANSWER_KIND_OPTIONS = COMMUNICATION_ITEM_ANSWER_KINDS.map((kind) => ({ value: kind, label: ANSWER_KIND_LABELS[kind] }));

/**
 * A REQUEST's checklist inside an antd form (`name` is the list's field): each item's label, whether
 * the client answers with files or text, and whether it is required; items are added, moved and
 * removed. The rows wrap on a phone, so nothing scrolls sideways.
 */
export const ChecklistEditor = ({ name = 'items' }: { name?: string }) => (
  <Form.List
    name={name}
    rules={[
      {
        validator: async (_rule, items?: unknown[]) => {
          if (!items || items.length === 0) throw new Error('A request needs at least one item.');
        },
      },
    ]}
  >
    {(fields, { add, remove, move }, { errors }) => (
      <Flex vertical gap={8}>
        {fields.length === 0 ? <Typography.Text type="secondary">No items yet: a request needs at least one.</Typography.Text> : null}
        {fields.map((field, index) => (
          <Flex
            key={field.key}
            gap={8}
            wrap
            align="start"
            role="group"
            aria-label={`Item ${index + 1}`}
            // On a phone an item wraps onto two lines: the rule keeps each item's controls visibly together.
            style={{ paddingBottom: 8, borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
          >
            <Form.Item
              name={[field.name, 'label']}
              style={{ flex: '1 1 260px', marginBottom: 0 }}
              rules={[{ required: true, whitespace: true, message: 'Item is required.' }]}
            >
              <Input placeholder="What the client gives, e.g. December bank statement" aria-label={`Item ${index + 1}`} maxLength={500} />
            </Form.Item>
            <Form.Item name={[field.name, 'answer_kind']} style={{ marginBottom: 0 }}>
              <Select options={ANSWER_KIND_OPTIONS} style={{ width: 96 }} aria-label={`Answer of item ${index + 1}`} />
            </Form.Item>
            <Form.Item name={[field.name, 'required']} valuePropName="checked" style={{ marginBottom: 0, paddingTop: 5 }}>
              <Checkbox>Required</Checkbox>
            </Form.Item>
            <Flex gap={0}>
              <Button type="text" icon={<ArrowUpOutlined />} aria-label={`Move item ${index + 1} up`} disabled={index === 0} onClick={() => move(index, index - 1)} />
              <Button
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={`Move item ${index + 1} down`}
                disabled={index === fields.length - 1}
                onClick={() => move(index, index + 1)}
              />
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove item ${index + 1}`} onClick={() => remove(field.name)} />
            </Flex>
          </Flex>
        ))}
        <Form.ErrorList errors={errors} />
        <div>
          <Button icon={<PlusOutlined />} disabled={fields.length >= COMMUNICATION_MAX_ITEMS} onClick={() => add({ label: '', answer_kind: 'FILES', required: true })}>
            Add item
          </Button>
        </div>
      </Flex>
    )}
  </Form.List>
);
