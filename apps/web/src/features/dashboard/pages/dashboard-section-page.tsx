import { useParams } from 'react-router';
import { parseClientPk } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { dashboardSections, type DashboardSectionKey } from '../sections';

const SectionContent = ({ section }: { section: DashboardSectionKey }) => {
  const config = dashboardSections[section];
  usePageTitle(config.title);
  return (
    <>
      <PageHeader title={config.title} subtitle={config.subtitle} />
      <EmptyPanel title={config.emptyTitle} description={config.emptyDescription} />
    </>
  );
};

/** One of the dashboard's list screens; an address with a malformed client key is not a page. */
export const DashboardSectionPage = ({ section }: { section: DashboardSectionKey }) => {
  const { clientPk } = useParams();
  if (dashboardSections[section].perClient && parseClientPk(clientPk) === null) return <NotFoundResult />;
  return <SectionContent section={section} />;
};
