import { Alert, Button, Flex, Tag } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { errorStatus } from '../../../lib/api-errors';
import { serverErrorText } from '../../../lib/form-errors';
import { routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { ButtonLink } from '../../../ui/button-link';
import { PageHeader } from '../../../ui/page-header';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { useKarbonSandboxView } from '../api';
import { KarbonSandboxClientCard } from '../components/karbon-sandbox-client-card';
import { KarbonSandboxFileForm } from '../components/karbon-sandbox-file-form';

const INTEGRATIONS = `${routes.settings.root}?tab=integrations`;

/**
 * /dashboard/accountant/karbon/sandbox/: the firm's account in the sandbox Karbon, seen from Herd,
 * for a firm admin whose firm is connected to it. A newcomer without a Karbon account sees what
 * Herd wrote there (notes, work items on the clients it linked) and files a document on a client
 * to try the receipts import. Anyone else, or a firm on a real Karbon, is told there is none.
 */
export const KarbonSandboxPage = () => {
  usePageTitle('Karbon sandbox');
  const view = useKarbonSandboxView();

  let body;
  if (view.isPending) body = <PageSpinner caption="Loading the sandbox Karbon…" />;
  else if (view.isError) {
    body =
      errorStatus(view.error) === 404 ? (
        <Alert
          type="info"
          showIcon
          title={serverErrorText(view.error)}
          description="This page shows the sandbox Karbon your firm can connect on the Integrations tab of Settings, where the server has sandboxes on."
          action={<ButtonLink to={INTEGRATIONS}>Integrations</ButtonLink>}
        />
      ) : (
        <QueryError error={view.error} title="Could not load the sandbox Karbon" onRetry={() => void view.refetch()} />
      );
  } else if (view.data.clients.length === 0) {
    body = (
      <Alert
        type="info"
        showIcon
        title="No client company is linked to a Karbon client yet"
        description="Link one on the Integrations tab: this page shows the Karbon clients Herd linked, what Herd wrote on them, and lets you file a document on one."
        action={<ButtonLink to={INTEGRATIONS}>Integrations</ButtonLink>}
      />
    );
  } else {
    body = (
      <Flex vertical gap={24}>
        <KarbonSandboxFileForm clients={view.data.clients} />
        {view.data.clients.map((client) => (
          <KarbonSandboxClientCard key={client.client_company} client={client} />
        ))}
      </Flex>
    );
  }

  return (
    <>
      <PageHeader
        title="Karbon sandbox"
        tags={<Tag color="magenta">Sandbox</Tag>}
        subtitle={
          view.data
            ? `${view.data.account_name}: a simulated Karbon account made for your firm. No real Karbon is involved.`
            : 'A simulated Karbon account made for your firm. No real Karbon is involved.'
        }
        extra={
          <Flex wrap gap={8}>
            <Button icon={<ReloadOutlined />} loading={view.isFetching && !view.isPending} onClick={() => void view.refetch()}>
              Refresh
            </Button>
            <ButtonLink to={INTEGRATIONS}>Back to Integrations</ButtonLink>
          </Flex>
        }
      />
      {body}
    </>
  );
};
