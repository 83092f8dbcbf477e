import { useState } from 'react';
import { Alert, Button, Card, Divider, Flex, Select, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ClientCompany, RefListImportResult } from '@herd/contract';
import { serverErrorText } from '../../../lib/form-errors';
import { countText } from '../../../lib/format';
import { CHART_LISTS, useImportChartList, type ChartList } from '../chart-api';
import { CHART_TEMPLATES, templateFileName, templateHref } from '../chart-templates';
import { ImportOutcome } from '../../../ui/import-outcome';
import { NewCategoryForm } from './new-category-form';
import { ChangesOnly } from '../../billing/read-only-guard';

const LIST_OPTIONS = CHART_LISTS.map((list) => ({ value: list, label: CHART_TEMPLATES[list].label }));

/** "2 vendors created, 1 updated." */
const summaryOf = (list: ChartList, result: RefListImportResult) => {
  const { one, many } = CHART_TEMPLATES[list];
  return `${countText(result.imported, one, many)} created, ${result.updated} updated.`;
};

const ChartImportOutcome = ({ list, result }: { list: ChartList; result: RefListImportResult }) => (
  <ImportOutcome
    summary={summaryOf(list, result)}
    description={
      result.errors.length > 0 ? `${countText(result.errors.length, 'row')} could not be imported; fix the rows below and import the whole file again.` : undefined
    }
    errors={result.errors}
  />
);

/**
 * For companies whose ledger Herd holds (CSV, generic): their chart of
 * accounts and lists come from CSV files the accountant imports here, with a
 * template per list, and single categories can be added by hand.
 */
export const ChartImportCard = ({ company }: { company: ClientCompany }) => {
  const [list, setList] = useState<ChartList>('ACCOUNT');
  const importList = useImportChartList(company.pk);
  const [outcome, setOutcome] = useState<{ list: ChartList; result: RefListImportResult } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = (file: File) => {
    setError(null);
    setOutcome(null);
    importList.mutate(
      { list, file },
      {
        onSuccess: (result) => setOutcome({ list, result }),
        onError: (failure) => setError(serverErrorText(failure)),
      },
    );
  };

  return (
    <Card title="Chart of accounts and lists" variant="outlined">
      <Typography.Paragraph type="secondary">
        This client’s ledger is kept in Herd: its categories, vendors, customers, classes, locations, tax codes, products and services and payment methods come from CSV
        files{company.connection_kind === 'GENERIC' ? ' or from the other system through the generic API' : ''}. Importing a file again updates the rows with the same ID
        (or, without an ID column, the same name).
      </Typography.Paragraph>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <Select<ChartList> aria-label="List to import" value={list} options={LIST_OPTIONS} onChange={setList} style={{ minWidth: 220 }} />
        <Button icon={<DownloadOutlined />} href={templateHref(list)} download={templateFileName(list)}>
          Download template
        </Button>
        <ChangesOnly>
          <Upload accept=".csv,text/csv" showUploadList={false} customRequest={({ file }) => send(file as File)}>
            <Button type="primary" icon={<UploadOutlined />} loading={importList.isPending}>
              Import CSV file
            </Button>
          </Upload>
        </ChangesOnly>
      </Flex>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      {outcome ? <ChartImportOutcome {...outcome} /> : null}
      <Divider titlePlacement="start" plain>
        Add one category
      </Divider>
      <NewCategoryForm companyPk={company.pk} />
    </Card>
  );
};
