import { Alert, Table } from 'antd';

export interface RowError {
  row: number;
  message: string;
}

/** What a file import did: a one-line summary, and the rows it refused with their spreadsheet row numbers. */
export const ImportOutcome = ({ summary, description, errors }: { summary: string; description?: string; errors: RowError[] }) => (
  <div aria-live="polite">
    <Alert type={errors.length > 0 ? 'warning' : 'success'} showIcon title={summary} description={description} style={{ marginBottom: 12 }} />
    {errors.length > 0 ? (
      <Table
        size="small"
        rowKey={(row) => `${row.row}-${row.message}`}
        dataSource={errors}
        pagination={false}
        columns={[
          { title: 'Row', dataIndex: 'row', width: 80 },
          { title: 'Problem', dataIndex: 'message' },
        ]}
      />
    ) : null}
  </div>
);
