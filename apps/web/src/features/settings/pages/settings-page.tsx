import type { ComponentType } from 'react';
import { Flex, type TabsProps } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { canAdministerFirm } from '../../../lib/permissions';
import { routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { Tabs } from '../../../ui/tabs';
import { useProfile } from '../../auth/api';
import { useOwnCompanies } from '../../client-side/api';
import { useFirmSettings } from '../api';
import { CompanyPeopleCard } from '../components/company-people-card';
import { DefaultClientForm } from '../components/default-client-form';
import { EmailPreferencesCard } from '../components/email-preferences-card';
import { PushSettingsCard } from '../components/push-settings-card';
import { QuestionsByTextCard } from '../components/questions-by-text-card';
import { FirmBrandingForm } from '../components/firm-branding-form';
import { FirmStorageCard } from '../components/firm-storage-card';
import { FirmRemindersForm } from '../components/firm-reminders-form';
import { FirmTimeZoneForm } from '../components/firm-time-zone-form';
import { ReviewChecksForm } from '../components/review-checks-form';
import { AutomationReportCard } from '../components/automation-report';
import { useAutomationReport } from '../automation-api';
import { useReviewCheckSettings } from '../review-checks-api';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { SecurityCard } from '../components/security-card';
import { TeamCard } from '../components/team-card';

export type SettingsSection = 'accountant' | 'accountant-coworker' | 'client' | 'client-coworker';

/** `?tab=` keeps the open tab across reloads and lets other screens link straight to one. */
export const TAB_PARAM = 'tab';

const SUBTITLES: Record<SettingsSection, string> = {
  accountant: 'Your profile, your firm and your team.',
  'accountant-coworker': 'Your profile, your firm and your team.',
  client: 'Your profile and the people at your company.',
  'client-coworker': 'Your profile and the people at your company.',
};

const FirmBrandingTab = () => {
  const settings = useFirmSettings();
  if (settings.isPending) return <PageSpinner caption="Loading your branding…" />;
  if (settings.isError) return <QueryError error={settings.error} title="Could not load your firm’s branding" onRetry={() => void settings.refetch()} />;
  return (
    <Flex vertical gap={16}>
      <FirmBrandingForm settings={settings.data} />
      <FirmTimeZoneForm settings={settings.data} />
      <FirmRemindersForm settings={settings.data} />
    </Flex>
  );
};

const ReviewChecksTab = ({ canChange }: { canChange: boolean }) => {
  const settings = useReviewCheckSettings();
  if (settings.isPending) return <PageSpinner caption="Loading your review checks…" />;
  if (settings.isError) return <QueryError error={settings.error} title="Could not load your review checks" onRetry={() => void settings.refetch()} />;
  return <ReviewChecksForm settings={settings.data} canChange={canChange} />;
};

/** How often the firm's automation acted and was overruled; the pause rule it reports is set on the Review checks tab. */
const AutomationTab = ({ reviewChecksHref }: { reviewChecksHref: string }) => {
  const report = useAutomationReport();
  if (report.isPending) return <PageSpinner caption="Loading the automation report…" />;
  if (report.isError) return <QueryError error={report.error} title="Could not load the automation report" onRetry={() => void report.refetch()} />;
  return <AutomationReportCard report={report.data} reviewChecksHref={reviewChecksHref} />;
};

const PeopleTab = ({ selfPk }: { selfPk: number }) => {
  const companies = useOwnCompanies();
  if (companies.isPending) return <PageSpinner caption="Loading your companies…" />;
  if (companies.isError) return <QueryError error={companies.error} title="Could not load your companies" onRetry={() => void companies.refetch()} />;
  if (companies.data.length === 0) {
    return <EmptyPanel title="No company yet" description="Once your accountant gives you access to a company, the people who can see it are listed here." />;
  }
  return (
    <Flex vertical gap={24}>
      {companies.data.map((company) => (
        <CompanyPeopleCard key={company.pk} company={company} selfPk={selfPk} />
      ))}
    </Flex>
  );
};

const SECTION_PATHS: Record<SettingsSection, string> = {
  accountant: routes.settings.accountant,
  'accountant-coworker': routes.settings.accountantCoworker,
  client: routes.settings.client,
  'client-coworker': routes.settings.clientCoworker,
};

/** The tab that has its own address (Stripe Checkout returns to it) instead of `?tab=`. */
const BILLING_TAB = 'billing';

export interface SettingsPageProps {
  section: SettingsSection;
  /** Open the Billing tab (the page is at billing's own address). */
  billing?: boolean;
  /** The billing feature's tab, handed in by the routes (features do not import each other's screens); without it there is no Billing tab. */
  billingTab?: ComponentType;
  /** The receipts feature's tab for a client (their receipts email address), handed in by the routes like billing's. */
  receiptsTab?: ComponentType;
  /** The requests feature's "Request templates" tab for firm users, handed in by the routes like billing's. */
  requestTemplatesTab?: ComponentType;
  /** The Karbon feature's "Integrations" tab for firm admins, handed in by the routes like billing's. */
  integrationsTab?: ComponentType;
}

/**
 * /settings/<section>/: one's own profile; the firm's branding, team, default
 * client and billing; or the client's people. `billing` opens the Billing tab
 * at its own address, /settings/accountant/billing/.
 */
export const SettingsPage = ({
  section,
  billing = false,
  billingTab: BillingTab,
  receiptsTab: ReceiptsTab,
  requestTemplatesTab: RequestTemplatesTab,
  integrationsTab: IntegrationsTab,
}: SettingsPageProps) => {
  usePageTitle(billing ? 'Billing' : 'Settings');
  const profile = useProfile();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const member = profile.accountant_company_user;
  const firmAdmin = canAdministerFirm(profile);

  const items: NonNullable<TabsProps['items']> = [
    {
      key: 'profile',
      label: 'Profile',
      children: (
        <Flex vertical gap={24}>
          <ProfileForm profile={profile} />
          <PasswordForm />
        </Flex>
      ),
    },
  ];
  // Two-step verification is everyone's, whatever the firm's flags.
  items.push({ key: 'security', label: 'Security', children: <SecurityCard pendingLink={profile.totp_qr_link} /> });
  items.push({ key: 'emails', label: 'Emails', children: <EmailPreferencesCard accountant={Boolean(member)} /> });
  items.push({
    key: 'notifications',
    label: 'Notifications',
    // Questions are a client's: the firm's people have none to get by text.
    children: member ? (
      <PushSettingsCard />
    ) : (
      <Flex vertical gap={24}>
        <PushSettingsCard />
        <QuestionsByTextCard />
      </Flex>
    ),
  });
  if (member) {
    if (firmAdmin) items.push({ key: 'branding', label: 'Firm branding', children: <FirmBrandingTab /> });
    items.push(
      {
        key: 'team',
        label: 'Team',
        children: <TeamCard selfPk={member.pk} canAdminister={firmAdmin} />,
      },
      { key: 'default-client', label: 'Default client', children: <DefaultClientForm memberPk={member.pk} current={member.default_client_company} /> },
      { key: 'storage', label: 'Storage', children: <FirmStorageCard /> },
      { key: 'review-checks', label: 'Review checks', children: <ReviewChecksTab canChange={firmAdmin} /> },
      { key: 'automation', label: 'Automation', children: <AutomationTab reviewChecksHref={`${SECTION_PATHS[section]}?${TAB_PARAM}=review-checks`} /> },
    );
    // Every firm user picks from the firm's templates; the tab itself says who may change them.
    if (RequestTemplatesTab) items.push({ key: 'request-templates', label: 'Request templates', children: <RequestTemplatesTab /> });
    if (firmAdmin && IntegrationsTab) items.push({ key: 'integrations', label: 'Integrations', children: <IntegrationsTab /> });
    if (firmAdmin && BillingTab) items.push({ key: BILLING_TAB, label: 'Billing', children: <BillingTab /> });
  } else if (section === 'client' || section === 'client-coworker') {
    items.push({ key: 'people', label: 'People', children: <PeopleTab selfPk={profile.pk} /> });
    if (ReceiptsTab) items.push({ key: 'receipts', label: 'Receipts', children: <ReceiptsTab /> });
  }

  // Only a firm admin has billing: for anyone else its address does not exist.
  if (billing && !(firmAdmin && BillingTab)) return <NotFoundResult />;

  const requested = billing ? BILLING_TAB : params.get(TAB_PARAM);
  // `?tab=billing` (a link that does not know the address) goes to billing's own address.
  if (!billing && requested === BILLING_TAB && firmAdmin && BillingTab) return <Navigate to={routes.settings.accountantBilling} replace />;
  const active = items.some((item) => item.key === requested) ? requested! : 'profile';
  const settingsPath = SECTION_PATHS[section];

  const openTab = (key: string) => {
    if (key === BILLING_TAB) void navigate(routes.settings.accountantBilling);
    else if (billing) void navigate(key === 'profile' ? settingsPath : `${settingsPath}?${TAB_PARAM}=${key}`);
    else setParams(key === 'profile' ? {} : { [TAB_PARAM]: key }, { replace: true });
  };

  return (
    <>
      <PageHeader title="Settings" subtitle={SUBTITLES[section]} />
      <Tabs activeKey={active} onChange={openTab} items={items} destroyOnHidden />
    </>
  );
};

/** /settings/accountant/billing/: the settings page at its Billing tab, for whichever accountant account type the user has. */
export const BillingSettingsPage = ({ billingTab }: { billingTab: ComponentType }) => {
  const profile = useProfile();
  return <SettingsPage section={profile.account_type === 'ACCOUNTANT_COWORKER' ? 'accountant-coworker' : 'accountant'} billing billingTab={billingTab} />;
};
