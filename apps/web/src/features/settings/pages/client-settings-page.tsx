import { useParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';

const ClientSettingsContent = () => {
  usePageTitle('Client settings');
  return (
    <>
      <PageHeader title="Client settings" subtitle="Ledger connection, watched accounts, reminders and what the client may edit." />
      <EmptyPanel
        title="No settings for this client yet"
        description="Per-client settings become available together with client management in the next update of Herd."
      />
    </>
  );
};

/** /settings/accountant/client/:clientPk/: one client company's settings, which arrive with client management. */
export const ClientSettingsPage = () => {
  const { clientPk } = useParams();
  if (!clientPk || !/^[1-9]\d*$/.test(clientPk)) return <NotFoundResult />;
  return <ClientSettingsContent />;
};
