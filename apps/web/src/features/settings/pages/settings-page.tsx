import { Flex } from 'antd';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeader } from '../../../ui/page-header';
import { useProfile } from '../../auth/api';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';

export type SettingsSection = 'accountant' | 'accountant-coworker' | 'client' | 'client-coworker';

const SUBTITLES: Record<SettingsSection, string> = {
  accountant: 'Your own profile and password.',
  'accountant-coworker': 'Your own profile and password.',
  client: 'Your profile and password for Herd.',
  'client-coworker': 'Your profile and password for Herd.',
};

/** /settings/<section>/: the parts every account type has. Firm, billing and team settings come later. */
export const SettingsPage = ({ section }: { section: SettingsSection }) => {
  usePageTitle('Settings');
  const profile = useProfile();
  return (
    <>
      <PageHeader title="Settings" subtitle={SUBTITLES[section]} />
      <Flex vertical gap={24}>
        <ProfileForm profile={profile} />
        <PasswordForm />
      </Flex>
    </>
  );
};
