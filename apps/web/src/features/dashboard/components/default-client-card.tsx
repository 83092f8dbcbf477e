import { Card, Flex, Typography } from 'antd';
import { EyeOutlined, SettingOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { errorStatus, normaliseError } from '../../../lib/api-errors';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { ButtonLink } from '../../../ui/button-link';
import { ConnectionTags } from '../../../ui/connection-tags';
import { useClient } from '../../clients/api';

/** Settings' "Default client" tab; /settings/ sends each user to their own section and keeps the query. */
export const DEFAULT_CLIENT_SETTINGS = `${routes.settings.root}?tab=default-client`;

const Choose = ({ text }: { text: string }) => (
  <Flex vertical gap={8} align="flex-start">
    <Typography.Text type="secondary">{text}</Typography.Text>
    <Link to={DEFAULT_CLIENT_SETTINGS}>Choose a default client</Link>
  </Flex>
);

/** The client this user opens most: a shortcut from the dashboard. */
export const DefaultClientCard = ({ pk }: { pk: number | null }) => {
  const client = useClient(pk);
  let body;
  if (pk === null) body = <Choose text="Pick the client you work on most, to reach it from here in one click." />;
  else if (client.isPending) body = null;
  else if (client.isError)
    body =
      errorStatus(client.error) === 404 ? (
        <Choose text="Your default client is no longer one you can see." />
      ) : (
        <Typography.Text type="danger">Could not load your default client: {normaliseError(client.error).message}</Typography.Text>
      );
  else
    body = (
      <Flex vertical gap={12} align="flex-start">
        <Typography.Title level={4} style={{ margin: 0 }}>
          <Link to={buildPath(routes.settings.accountantClient, { clientPk: client.data.pk })}>{client.data.name}</Link>
        </Typography.Title>
        <ConnectionTags kind={client.data.connection_kind} state={client.data.connection_state} />
        <Flex gap={8} wrap>
          <ButtonLink to={buildPath(routes.settings.accountantClient, { clientPk: client.data.pk })} icon={<SettingOutlined />} size="middle">
            Settings
          </ButtonLink>
          <ButtonLink to={buildPath(routes.accountant.asClient, { clientPk: client.data.pk })} icon={<EyeOutlined />} size="middle">
            View as client
          </ButtonLink>
        </Flex>
      </Flex>
    );
  return (
    <Card title="Default client" variant="outlined" loading={pk !== null && client.isPending}>
      {body}
    </Card>
  );
};
