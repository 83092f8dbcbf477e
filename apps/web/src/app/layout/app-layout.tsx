import { Suspense, useState } from 'react';
import { Flex, Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { SIDER_COLLAPSED_WIDTH_PX, SIDER_WIDTH_PX } from '@herd/contract';
import { useProfile } from '../../features/auth/api';
import { GlobalBanners } from '../../features/banners/components/global-banners';
import { ReadOnlyBanner } from '../../features/billing/components/read-only-banner';
import { TrialCountdownBanner } from '../../features/billing/components/trial-countdown-banner';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { firmRoleOf } from '../../lib/permissions';
import { LoadingScreen } from '../../ui/loading-screen';
import { RouteErrorBoundary } from '../../ui/route-error-boundary';
import { AntdTheme } from '../antd-theme';
import { AppFeedback } from '../feedback';
import { firmBrand, firmColor } from '../theme';
import { FirmBrand } from './firm-brand';
import { usePhoneLayout } from '../../lib/use-phone-layout';
import { MfaSetupPrompt } from './mfa-setup-prompt';
import { PhoneNav } from './phone-nav';
import { SideNav } from './side-nav';
import { UserMenu } from './user-menu';

/** The signed-in frame: firm side bar, header with the user menu, notices, then the page; it brings antd's theme for every signed-in screen. */
export const AppLayout = () => {
  const profile = useProfile();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const phone = usePhoneLayout();
  const brand = firmBrand(profile);
  const color = firmColor(profile);

  return (
    <AntdTheme>
      <AppFeedback>
        <Layout style={{ minHeight: '100vh' }}>
          {phone ? null : (
            <Layout.Sider
              collapsible
              collapsed={collapsed}
              onCollapse={setCollapsed}
              width={SIDER_WIDTH_PX}
              collapsedWidth={SIDER_COLLAPSED_WIDTH_PX}
              breakpoint="lg"
              aria-label="Side bar"
            >
              {/* The sider itself stretches to the page's full height (green all the way down); its content stays in view while the page scrolls. */}
              <div style={{ position: 'sticky', top: 0, maxHeight: '100vh', overflowY: 'auto' }}>
                <FirmBrand name={brand.name} logo={brand.logo} collapsed={collapsed} />
                <SideNav profile={profile} />
              </div>
            </Layout.Sider>
          )}
          <Layout>
            <Layout.Header
              style={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: phone ? 'space-between' : 'flex-end',
                paddingInline: phone ? 16 : undefined,
                borderBottom: '1px solid #e6ebe8',
                boxShadow: `inset 0 3px 0 ${color}`,
                position: 'sticky',
                top: 0,
                zIndex: 10,
              }}
            >
              {phone ? <PhoneNav profile={profile} brand={brand} color={color} /> : null}
              <Flex align="center" gap={phone ? 4 : 12}>
                <NotificationBell side={firmRoleOf(profile) === null ? 'client' : 'accountant'} />
                <UserMenu profile={profile} color={color} />
              </Flex>
            </Layout.Header>
            <ReadOnlyBanner />
            <TrialCountdownBanner />
            <GlobalBanners banners={profile.global_banners} />
            <MfaSetupPrompt profile={profile} />
            <Layout.Content style={{ padding: phone ? '20px 12px 40px' : '32px clamp(16px, 4vw, 40px) 48px' }}>
              <div style={{ maxWidth: 1120, margin: '0 auto' }}>
                <RouteErrorBoundary resetKey={location.pathname}>
                  <Suspense fallback={<LoadingScreen />}>
                    <Outlet />
                  </Suspense>
                </RouteErrorBoundary>
              </div>
            </Layout.Content>
          </Layout>
        </Layout>
      </AppFeedback>
    </AntdTheme>
  );
};
