import { Checkbox, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import { DUE_DAYS_MAX, RECURRENCE_FREQUENCIES, WEEKDAYS } from '@herd/contract';
import { FREQUENCY_LABELS, ordinal, WEEKDAY_LABELS } from '../components/recurrence-words';
import type { ComposerValues } from './composer-values';

const DAY_OPTIONS = [
  ...Array.from({ length: 31 }, (_v, i) => ({ value: (i + 1) as number | 'LAST', label: `The ${ordinal(i + 1)}` })),
  { value: 'LAST' as const, label: 'The last day' },
];

/** When a repeating request goes out: the frequency, its weekdays or day of the month, the dates, and how long each has to be answered. */
export const RepeatFields = ({ today, allowOnce = true }: { today: string; allowOnce?: boolean }) => {
  const repeat = Form.useWatch<ComposerValues['repeat']>('repeat');
  return (
    <>
      <Form.Item name="repeat" label="Repeat">
        <Select
          aria-label="Repeat"
          options={[
            ...(allowOnce ? [{ value: 'NONE', label: 'Does not repeat' }] : []),
            ...RECURRENCE_FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] })),
          ]}
        />
      </Form.Item>
      {repeat && repeat !== 'NONE' ? (
        <section aria-label="Schedule">
          {repeat === 'WEEKLY' ? (
            <Form.Item name="weekdays" label="On" rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one weekday.' }]}>
              <Checkbox.Group options={WEEKDAYS.map((d) => ({ value: d, label: WEEKDAY_LABELS[d].slice(0, 3) }))} />
            </Form.Item>
          ) : (
            <Form.Item
              name="day_of_month"
              label="On"
              rules={[{ required: true, message: 'Day of month is required.' }]}
              extra={repeat === 'MONTHLY' ? undefined : 'Counted from the start date’s month.'}
            >
              <Select aria-label="Day of the month" options={DAY_OPTIONS} virtual={false} style={{ maxWidth: 200 }} />
            </Form.Item>
          )}
          <Flex gap={12} wrap>
            <Form.Item name="start_date" label="Starts" rules={[{ required: true, message: 'Start date is required.' }]} style={{ minWidth: 160 }}>
              {/* An edit keeps a start date already past; moving it, the server wants today or later. */}
              <Input type="date" min={allowOnce ? today : undefined} />
            </Form.Item>
            <Form.Item name="end_date" label="Ends (optional)" style={{ minWidth: 160 }}>
              <Input type="date" min={today} />
            </Form.Item>
          </Flex>
          <Form.Item name="due_days" label="Due (days after each date)" extra="Leave empty for no due date.">
            <InputNumber min={0} max={DUE_DAYS_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
            A day the month does not have falls on its last day. Each date goes out at midnight in the firm’s time zone.
          </Typography.Paragraph>
        </section>
      ) : null}
    </>
  );
};
