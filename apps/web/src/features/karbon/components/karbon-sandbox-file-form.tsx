import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Select, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { KarbonSandboxFiled } from '@herd/contract/karbon-sandbox';
import { serverErrorText } from '../../../lib/form-errors';
import { ChangesOnly } from '../../billing/read-only-guard';
import { FormAlert } from '../../../ui/form-alert';
import { useFileOnKarbonSandbox } from '../api';
import { karbonClientName, nextStepWords, type SandboxClient } from '../karbon-sandbox-words';

/**
 * Files a document on a linked client in the sandbox Karbon, as someone at the firm would in
 * Karbon, so the receipts import can be tried; then says what Herd does next with it.
 */
export const KarbonSandboxFileForm = ({ clients }: { clients: SandboxClient[] }) => {
  const [companyPk, setCompanyPk] = useState<number | undefined>(clients[0]?.client_company);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filed, setFiled] = useState<KarbonSandboxFiled | null>(null);
  const fileOn = useFileOnKarbonSandbox();
  const submit = () => {
    if (companyPk === undefined || !file) return setError(companyPk === undefined ? 'Choose the client to file the document on.' : 'Choose a file to file.');
    setError(null);
    fileOn.mutate(
      { companyPk, file },
      {
        onSuccess: (answer) => {
          setFiled(answer);
          setFile(null);
        },
        onError: (failure) => {
          setFiled(null);
          setError(serverErrorText(failure));
        },
      },
    );
  };
  return (
    <Card title="File a document in Karbon">
      <Typography.Paragraph type="secondary">
        As someone at your firm would in Karbon: a photo or PDF of a receipt filed on a client is what Herd’s receipts import brings in.
      </Typography.Paragraph>
      <FormAlert message={error} />
      {filed ? (
        <Alert type="success" showIcon title="Filed in the sandbox Karbon" description={nextStepWords(filed.file, filed.client)} style={{ marginBottom: 20 }} />
      ) : null}
      <ChangesOnly>
        <Form layout="vertical" requiredMark={false} name="karbon-sandbox-file" onFinish={submit} style={{ maxWidth: 560 }}>
          <Form.Item label="Karbon client" htmlFor="karbon-sandbox-client">
            <Select
              id="karbon-sandbox-client"
              value={companyPk}
              onChange={setCompanyPk}
              options={clients.map((client) => ({ value: client.client_company, label: `${karbonClientName(client)} (${client.company_name} in Herd)` }))}
            />
          </Form.Item>
          <Form.Item label="Document" extra="A small photo (JPEG, PNG, HEIC) or PDF of a receipt.">
            <Flex vertical gap={8} align="flex-start">
              <Upload
                accept="image/*,application/pdf"
                maxCount={1}
                showUploadList={false}
                beforeUpload={(chosen) => {
                  setFile(chosen);
                  // Kept here, sent with the form: nothing is uploaded until "File in Karbon".
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />}>Choose a file</Button>
              </Upload>
              {file ? <Typography.Text style={{ overflowWrap: 'anywhere' }}>{file.name}</Typography.Text> : null}
            </Flex>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={fileOn.isPending}>
            File in Karbon
          </Button>
        </Form>
      </ChangesOnly>
    </Card>
  );
};
