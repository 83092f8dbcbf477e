import { App, Alert, Button, Flex, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { copyText } from '../../../lib/clipboard';

interface RecoveryCodesListProps {
  codes: string[];
  onDone: () => void;
}

const fileText = (codes: string[]) => ['Herd recovery codes', 'Each code signs you in once if you cannot use your authenticator app.', '', ...codes, ''].join('\n');

/** Saves the codes as a text file, the way a browser downloads anything it made itself. */
const download = (codes: string[]) => {
  const url = URL.createObjectURL(new Blob([fileText(codes)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'herd-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
};

/** The ten recovery codes, shown this once (only their hashes are kept): copy or download them, then close. */
export const RecoveryCodesList = ({ codes, onDone }: RecoveryCodesListProps) => {
  const { message } = App.useApp();
  const copy = async () => {
    if (await copyText(codes.join('\n'))) void message.success('Recovery codes copied');
    else void message.warning('Your browser did not allow copying. Select the codes and copy them by hand.');
  };
  return (
    <Flex vertical gap={16} role="region" aria-label="Recovery codes">
      <Alert
        type="warning"
        showIcon
        title="Save these recovery codes now"
        description="They are shown only this once. Each one signs you in once if you lose your phone."
      />
      <ul style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: 8, padding: 0, margin: 0, listStyle: 'none' }}>
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code style={{ fontSize: 15 }}>
              {code}
            </Typography.Text>
          </li>
        ))}
      </ul>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => download(codes)}>
          Download
        </Button>
        <Button type="primary" onClick={onDone}>
          I have saved them
        </Button>
      </Flex>
    </Flex>
  );
};
