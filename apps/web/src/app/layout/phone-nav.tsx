import { useEffect, useState } from 'react';
import { Button, Drawer } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import type { Profile } from '@herd/contract';
import { siderColor } from '../theme';
import { FirmBrand } from './firm-brand';
import { SideNav } from './side-nav';

interface PhoneNavProps {
  profile: Profile;
  brand: { name: string | null; logo: string | null };
  /** The firm's colour, which the drawer wears as the side bar does. */
  color: string;
}

/** On a phone the side bar is a drawer behind a menu button, so pages get the whole width. */
export const PhoneNav = ({ profile, brand, color }: PhoneNavProps) => {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // Choosing a page closes the drawer: the person came for the page, not the menu.
  useEffect(() => setOpen(false), [pathname]);
  return (
    <>
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label="Open menu"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        style={{ width: 44, height: 44, marginInlineStart: -8 }}
      />
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="left"
        width={280}
        closable={false}
        title={null}
        styles={{ body: { padding: 0, background: siderColor(color) } }}
        aria-label="Menu"
      >
        <FirmBrand name={brand.name} logo={brand.logo} collapsed={false} />
        <SideNav profile={profile} />
      </Drawer>
    </>
  );
};
