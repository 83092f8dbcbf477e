import { Avatar, Button, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { Profile } from '@herd/contract';
import { readableTextOn } from '../../lib/color';
import { routes } from '../../lib/routes';
import { useSignOut } from '../../features/auth/api';
import { useServerError } from '../../ui/use-server-error';

export const displayName = (profile: Profile): string => [profile.first_name, profile.last_name].filter(Boolean).join(' ').trim() || profile.email;

/** The user's name in the header; its menu holds settings and "Sign out". */
export const UserMenu = ({ profile, color }: { profile: Profile; color: string }) => {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const showError = useServerError();
  const name = displayName(profile);

  const onSignOut = () => {
    signOut.mutate(undefined, {
      onSuccess: () => void navigate(routes.auth, { replace: true }),
      onError: (error) => showError(error, 'Could not sign out'),
    });
  };

  const items: MenuProps['items'] = [
    {
      key: 'who',
      disabled: true,
      label: (
        <Flex vertical style={{ cursor: 'default', minWidth: 180 }}>
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {profile.email}
          </Typography.Text>
        </Flex>
      ),
    },
    { type: 'divider' },
    { key: 'settings', icon: <SettingOutlined />, label: 'Settings', onClick: () => void navigate(routes.settings.root) },
    { key: 'sign-out', icon: <LogoutOutlined />, label: 'Sign out', onClick: onSignOut, disabled: signOut.isPending },
  ];

  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label={`User menu for ${name}`} style={{ height: 48, paddingInline: 8 }}>
        <Flex align="center" gap={10}>
          <Avatar size={34} style={{ background: color, color: readableTextOn(color), fontWeight: 600 }}>
            {/* The initial is drawn, not written: the button's name ("User menu for …") then holds every word it shows. */}
            <span className="herd-drawn-initial" data-initial={(profile.first_name[0] ?? profile.email[0] ?? '?').toUpperCase()} aria-hidden />
          </Avatar>
          <Typography.Text strong className="herd-user-name">
            {name}
          </Typography.Text>
          <DownOutlined style={{ fontSize: 11, color: '#8a948f' }} />
        </Flex>
      </Button>
    </Dropdown>
  );
};
