import { Flex, Tabs, type TabsProps } from 'antd';
import { useSearchParams } from 'react-router';
import { canAdministerFirm } from '../../../lib/permissions';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { PageHeader } from '../../../ui/page-header';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { useProfile } from '../../auth/api';
import { useOwnCompanies } from '../../client-side/api';
import { useFirmSettings } from '../api';
import { CompanyPeopleCard } from '../components/company-people-card';
import { DefaultClientForm } from '../components/default-client-form';
import { FirmBrandingForm } from '../components/firm-branding-form';
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
  return <FirmBrandingForm settings={settings.data} />;
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

/** /settings/<section>/: one's own profile; the firm's branding, team and default client; or the client's people. */
export const SettingsPage = ({ section }: { section: SettingsSection }) => {
  usePageTitle('Settings');
  const profile = useProfile();
  const [params, setParams] = useSearchParams();
  const member = profile.accountant_company_user;

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
  // Two-step verification exists only where the firm has FEATURE_MFA.
  if (profile.feature_flags.includes('FEATURE_MFA')) items.push({ key: 'security', label: 'Security', children: <SecurityCard pendingLink={profile.totp_qr_link} /> });
  if (member) {
    if (canAdministerFirm(profile)) items.push({ key: 'branding', label: 'Firm branding', children: <FirmBrandingTab /> });
    items.push(
      {
        key: 'team',
        label: 'Team',
        children: <TeamCard selfPk={member.pk} canAdminister={canAdministerFirm(profile)} mfa={profile.feature_flags.includes('FEATURE_MFA')} />,
      },
      { key: 'default-client', label: 'Default client', children: <DefaultClientForm memberPk={member.pk} current={member.default_client_company} /> },
    );
  } else if (section === 'client' || section === 'client-coworker') {
    items.push({ key: 'people', label: 'People', children: <PeopleTab selfPk={profile.pk} /> });
  }

  const requested = params.get(TAB_PARAM);
  const active = items.some((item) => item.key === requested) ? requested! : 'profile';

  return (
    <>
      <PageHeader title="Settings" subtitle={SUBTITLES[section]} />
      <Tabs activeKey={active} onChange={(key) => setParams(key === 'profile' ? {} : { [TAB_PARAM]: key }, { replace: true })} items={items} destroyOnHidden />
    </>
  );
};
