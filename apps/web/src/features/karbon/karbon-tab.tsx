import { Flex } from 'antd';
import { PageSpinner } from '../../ui/page-spinner';
import { QueryError } from '../../ui/query-error';
import { useKarbonSettings } from './api';
import { KarbonConnectForm } from './components/karbon-connect-form';
import { KarbonConnectionCard } from './components/karbon-connection-card';
import { KarbonMappingsTable } from './components/karbon-mappings-table';
import { KarbonSettingsForm } from './components/karbon-settings-form';

/** The firm admins' Integrations tab: Karbon, connected or not. */
export const KarbonTab = () => {
  const view = useKarbonSettings();
  if (view.isPending) return <PageSpinner caption="Loading Karbon…" />;
  if (view.isError) return <QueryError error={view.error} title="Could not load the Karbon connection" onRetry={() => void view.refetch()} />;
  if (!view.data.instance) return <KarbonConnectForm />;
  return (
    <Flex vertical gap={24}>
      <KarbonConnectionCard instance={view.data.instance} />
      <KarbonSettingsForm key={JSON.stringify(view.data.settings)} settings={view.data.settings} />
      <KarbonMappingsTable />
    </Flex>
  );
};
