import { useState } from 'react';
import { Alert, App, Button, Checkbox, DatePicker, Drawer, Flex, Form, Select, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { serverErrorText } from '../../../lib/form-errors';
import { countText } from '../../../lib/format';
import { useExportListParams } from '../csv-export-address';
import { downloadFile, useCreateExport, useExportPreview, type ExportFilters } from '../csv-export-api';
import { CsvExportHistory } from './csv-export-history';

const STATUS_OPTIONS = [
  { value: '', label: 'Published and matched' },
  { value: 'PUBLISHED_IN_PLATFORM', label: 'Published' },
  { value: 'MATCHED_TO_PLATFORM', label: 'Matched' },
];

const START: ExportFilters = { date_from: '', date_to: '', status: '', only_new: true };

const ExportForm = ({ companyPk }: { companyPk: number }) => {
  const [filters, setFilters] = useState<ExportFilters>(START);
  const preview = useExportPreview(companyPk, filters, true);
  const create = useCreateExport(companyPk);
  const { message } = App.useApp();
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<ExportFilters>) => {
    setProblem(null);
    setFilters((f) => ({ ...f, ...patch }));
  };

  const run = () => {
    setProblem(null);
    create.mutate(filters, {
      onSuccess: (batch) => {
        void message.success(`Exported ${countText(batch.transaction_count, 'transaction')} (${countText(batch.line_count, 'line')})`);
        downloadFile(batch.download_url);
      },
      onError: (failure) => setProblem(serverErrorText(failure)),
    });
  };

  const counted = preview.data;
  return (
    <Form layout="vertical" onFinish={run}>
      <Form.Item label="Transaction dates">
        <DatePicker.RangePicker
          aria-label="Transaction dates"
          value={[filters.date_from ? dayjs(filters.date_from) : null, filters.date_to ? dayjs(filters.date_to) : null]}
          onChange={(range) => set({ date_from: range?.[0]?.format('YYYY-MM-DD') ?? '', date_to: range?.[1]?.format('YYYY-MM-DD') ?? '' })}
          allowEmpty={[true, true]}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item label="Status">
        <Select aria-label="Status" value={filters.status} options={STATUS_OPTIONS} onChange={(status: ExportFilters['status']) => set({ status })} />
      </Form.Item>
      <Form.Item>
        <Checkbox checked={filters.only_new} onChange={(e) => set({ only_new: e.target.checked })}>
          Only transactions no earlier export holds
        </Checkbox>
      </Form.Item>
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} /> : null}
      <Flex gap={12} align="center" wrap>
        <Button type="primary" htmlType="submit" icon={<ExportOutlined />} loading={create.isPending} disabled={counted?.transactions === 0}>
          Export CSV
        </Button>
        <Typography.Text type="secondary" aria-live="polite">
          {preview.isError
            ? serverErrorText(preview.error)
            : counted
              ? counted.transactions === 0
                ? 'Nothing to export with these filters.'
                : `${countText(counted.transactions, 'transaction')} (${countText(counted.lines, 'line')}) to export.`
              : 'Counting…'}
        </Typography.Text>
      </Flex>
    </Form>
  );
};

/**
 * For CSV companies: the client's published answers leave Herd as a CSV
 * file, one row per line. Each export is kept, listed below the form and
 * downloadable again; by default an export holds only what no earlier one did.
 * The open drawer and the history's page are in the address: Back closes it.
 */
export const CsvExportButton = ({ companyPk }: { companyPk: number }) => {
  const [{ open, page }, update] = useExportListParams();
  return (
    <>
      <Button icon={<ExportOutlined />} onClick={() => update({ open: true })}>
        Export
      </Button>
      <Drawer open={open} onClose={() => update({ open: false })} size={560} title="Export published transactions" destroyOnHidden>
        <Typography.Paragraph type="secondary">
          What you published leaves Herd as a CSV file: one row per line, with its account, vendor or customer, class, location, memo and links to its attachments
          (opening them asks to sign in).
        </Typography.Paragraph>
        <ExportForm companyPk={companyPk} />
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          Past exports
        </Typography.Title>
        <CsvExportHistory companyPk={companyPk} page={page} onPage={(next) => update({ page: next })} />
      </Drawer>
    </>
  );
};
