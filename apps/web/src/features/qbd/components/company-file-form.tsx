import { useState } from 'react';
import { App, Button, Flex, Form, Input, InputNumber } from 'antd';
import { QBD_RUN_EVERY_MINUTES, type QbdConnector } from '@herd/contract/qbd';
import { applyServerErrors } from '../../../lib/form-errors';
import { FormAlert } from '../../../ui/form-alert';
import { ChangesOnly, useChangeGuard } from '../../billing/read-only-guard';
import { useUpdateQbdFilePath } from '../api';

interface Values {
  company_file_path: string;
  run_every_minutes: number | null;
}

const FIELDS = ['company_file_path', 'run_every_minutes'] as const;

/**
 * Step 4: the company file the runs must have open (a run with another file open does nothing) and the
 * interval Herd expects. Left empty, the file open at the next run becomes the expected one.
 */
export const CompanyFileForm = ({ connector }: { connector: QbdConnector }) => {
  const [form] = Form.useForm<Values>();
  const update = useUpdateQbdFilePath(connector.client_company);
  const [problem, setProblem] = useState<string | null>(null);
  const { message } = App.useApp();
  const guard = useChangeGuard();

  const send = async (path: string | null, minutes: number | null) => {
    setProblem(null);
    try {
      const saved = await update.mutateAsync({ company_file_path: path, ...(minutes ? { run_every_minutes: minutes } : {}) });
      form.setFieldsValue({ company_file_path: saved.company_file_path ?? '', run_every_minutes: saved.run_every_minutes });
      void message.success(path === null ? 'Herd will take the company file open at the next run' : 'Company file saved');
    } catch (error) {
      setProblem(applyServerErrors(form, error, FIELDS));
    }
  };
  // An empty box means the same as the button: the next run's file.
  const onFinish = (values: Values) => void send(values.company_file_path.trim() || null, values.run_every_minutes);

  return (
    <ChangesOnly>
      <FormAlert message={problem} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ company_file_path: connector.company_file_path ?? '', run_every_minutes: connector.run_every_minutes }}
        onFinish={onFinish}
        style={{ width: '100%' }}
      >
        <Form.Item
          label="Company file Herd expects"
          name="company_file_path"
          extra={
            connector.company_file_path
              ? 'A run with another company file open does nothing. In QuickBooks: File → Open or Restore Company shows the path.'
              : 'Not set: the company file open at the next run becomes the expected one.'
          }
        >
          <Input placeholder="C:\Users\Public\Documents\Intuit\QuickBooks\Company Files\Harbor Dental.QBW" spellCheck={false} />
        </Form.Item>
        <Form.Item
          label="The Web Connector runs every (minutes)"
          name="run_every_minutes"
          extra="Change it here when you change it in the Web Connector, so Herd knows when to expect the next run."
        >
          <InputNumber min={QBD_RUN_EVERY_MINUTES.min} max={QBD_RUN_EVERY_MINUTES.max} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={update.isPending && update.variables?.company_file_path !== null}>
            Save
          </Button>
          <Button
            loading={update.isPending && update.variables?.company_file_path === null}
            disabled={guard.disabled || connector.company_file_path === null}
            onClick={() => void send(null, form.getFieldValue('run_every_minutes') as number | null)}
          >
            Use the file of the next run
          </Button>
        </Flex>
      </Form>
    </ChangesOnly>
  );
};
