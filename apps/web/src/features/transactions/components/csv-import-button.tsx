import { useState } from 'react';
import { Alert, Button, Modal, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { CsvImportResult } from '@herd/contract';
import { serverErrorText } from '../../../lib/form-errors';
import { countText } from '../../../lib/format';
import { ImportOutcome } from '../../../ui/import-outcome';
import { ChangesOnly } from '../../billing/read-only-guard';
import { useImportCsv } from '../api';

/** For CSV companies: imports a bank export and shows what came in, what was already there, and bad rows. */
export const CsvImportButton = ({ companyPk }: { companyPk: number }) => {
  const importCsv = useImportCsv(companyPk);
  const [result, setResult] = useState<CsvImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <ChangesOnly>
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
      </ChangesOnly>
      <Modal open={result !== null || error !== null} title="Bank CSV import" footer={null} onCancel={() => (setResult(null), setError(null))} width={640}>
        {error ? <Alert type="error" showIcon title={error} /> : null}
        {result ? (
          <ImportOutcome
            summary={`${countText(result.imported, 'transaction')} imported, ${countText(result.duplicates, 'duplicate')} skipped.`}
            errors={result.errors}
          />
        ) : null}
      </Modal>
    </>
  );
};
