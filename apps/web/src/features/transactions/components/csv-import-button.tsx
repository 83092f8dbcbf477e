import { useState } from 'react';
import { Alert, Button, Modal, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { CsvImportResult } from '@herd/contract';
import { serverErrorText } from '../../../lib/form-errors';
import { countText } from '../../../lib/format';
import { useImportCsv } from '../api';

/** For CSV companies: imports a bank export and shows what came in, what was already there, and bad rows. */
export const CsvImportButton = ({ companyPk }: { companyPk: number }) => {
  const importCsv = useImportCsv(companyPk);
  const [result, setResult] = useState<CsvImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Upload
        accept=".csv,text/csv"
        showUploadList={false}
        customRequest={({ file }) =>
          importCsv.mutate(file as File, {
            onSuccess: (answer) => {
              setError(null);
              setResult(answer);
            },
            onError: (e) => {
              setResult(null);
              setError(serverErrorText(e));
            },
          })
        }
      >
        <Button icon={<UploadOutlined />} loading={importCsv.isPending}>
          Import bank CSV
        </Button>
      </Upload>
      <Modal open={result !== null || error !== null} title="Bank CSV import" footer={null} onCancel={() => (setResult(null), setError(null))} width={640}>
        {error ? <Alert type="error" showIcon title={error} /> : null}
        {result ? (
          <>
            <Alert
              type={result.errors.length > 0 ? 'warning' : 'success'}
              showIcon
              title={`${countText(result.imported, 'transaction')} imported, ${countText(result.duplicates, 'duplicate')} skipped.`}
              style={{ marginBottom: 12 }}
            />
            {result.errors.length > 0 ? (
              <Table
                size="small"
                rowKey={(row) => `${row.row}-${row.message}`}
                dataSource={result.errors}
                pagination={false}
                columns={[
                  { title: 'Row', dataIndex: 'row', width: 80 },
                  { title: 'Problem', dataIndex: 'message' },
                ]}
              />
            ) : null}
          </>
        ) : null}
      </Modal>
    </>
  );
};
