import { useState } from 'react';
import { Alert, App, Button, Descriptions, Flex, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import type { QbdConnector } from '@herd/contract/qbd';
import { formatDateTime } from '../../../lib/format';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import { useServerError } from '../../../ui/use-server-error';
import { useChangeGuard } from '../../billing/read-only-guard';
import { useNewQbdPassword } from '../api';

/** The password just made, with the user name the Web Connector shows beside it: copy it now, it is never shown again. */
const ShownOnce = ({ userName, password }: { userName: string; password: string }) => {
  // On a phone each label sits over its value, so the password and its copy button stay on one line.
  const layout = usePhoneLayout() ? 'vertical' : 'horizontal';
  return (
    <Alert
      type="warning"
      showIcon
      title="Shown only now: copy the password before you leave this page"
      description={
        <Flex vertical gap={4}>
          <span>Herd keeps only a fingerprint of it and cannot show it again. If it is lost, make a new one.</span>
          <Descriptions
            size="small"
            column={1}
            layout={layout}
            items={[
              { key: 'user', label: 'User name', children: <Typography.Text code>{userName}</Typography.Text> },
              {
                key: 'password',
                label: 'Password',
                children: (
                  <Typography.Text
                    code
                    copyable={{ text: password, tooltips: ['Copy the password', 'Copied'] }}
                    data-testid="qbd-new-password"
                    style={{ wordBreak: 'break-all' }}
                  >
                    {password}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </Flex>
      }
    />
  );
};

/** Step 2: the password the Web Connector asks for. Making one (again) is for those who manage client companies. */
export const PasswordStep = ({ connector, canManage }: { connector: QbdConnector; canManage: boolean }) => {
  const make = useNewQbdPassword(connector.client_company);
  const [made, setMade] = useState<{ user_name: string; password: string } | null>(null);
  const { modal } = App.useApp();
  const showError = useServerError();
  const guard = useChangeGuard();
  const hasOne = connector.password_set_at !== null;

  const makeOne = async () => {
    try {
      setMade(await make.mutateAsync());
    } catch (error) {
      showError(error, 'Could not make a password');
    }
  };
  const onClick = () => {
    if (!hasOne) return void makeOne();
    modal.confirm({
      title: 'Make a new password?',
      content: 'The old password stops working at once: the Web Connector will fail until you enter the new one in it.',
      okText: 'Make a new password',
      onOk: makeOne,
    });
  };

  return (
    <Flex vertical gap={8} align="flex-start" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        {hasOne ? `A password was made on ${formatDateTime(connector.password_set_at!)}.` : 'No password yet.'} The Web Connector asks for it once, when you add the file.
        {connector.sync.sandbox ? ' In this sandbox, each simulated run makes its own password, so one made here stops working after a sandbox run.' : ''}
      </Typography.Text>
      {made ? <ShownOnce userName={made.user_name} password={made.password} /> : null}
      {canManage ? (
        <Button icon={<KeyOutlined />} loading={make.isPending} onClick={onClick} {...guard}>
          {hasOne || made ? 'Make a new password' : 'Make a password'}
        </Button>
      ) : (
        <Typography.Text type="secondary">Ask a firm admin to make the password.</Typography.Text>
      )}
    </Flex>
  );
};
