import type { ThemeConfig } from 'antd';
import type { Profile } from '@herd/contract/auth';
import { DEFAULT_MAIN_COLOR } from '@herd/contract/constants';
import { luminance, normaliseHex, shade } from '../lib/color';

/** The firm's colour: the accountant's firm, or for a client the firm that serves them. */
export const firmColor = (profile: Profile | null): string =>
  normaliseHex(profile?.accountant_company_user?.company.main_color ?? profile?.client_firm?.main_color) ?? DEFAULT_MAIN_COLOR;

/** The firm's name and logo for the side bar, whichever side the user is on. */
export const firmBrand = (profile: Profile | null): { name: string | null; logo: string | null } => {
  const company = profile?.accountant_company_user?.company ?? profile?.client_firm ?? null;
  return { name: company?.company_name ?? null, logo: company?.logo ?? null };
};

/** The side bar carries white text, so a light firm colour is darkened until that text stays readable. */
export const siderColor = (main: string): string => {
  let color = main;
  for (let step = 0; step < 8 && luminance(color) > 0.16; step += 1) color = shade(color, -0.18);
  return color;
};

const INK = '#1f2a24';

/** The active side-menu item: a pale tint of the firm's colour, light enough for dark text on any colour. */
export const selectedItemColor = (main: string): string => shade(main, 0.78);

/**
 * A selected table row: a pale tint of the firm's colour, as light as the active menu item's, so a
 * chosen row reads as chosen. A grey one (what antd derived from some firm colours) reads as disabled.
 */
export const selectedRowColor = (main: string): string => shade(main, 0.88);

/** A finger needs a bigger target than a mouse pointer: 44 px, the size phone makers recommend. */
const TOUCH_TARGET_PX = 44;

export const buildTheme = (mainColor: string, { touch = false }: { touch?: boolean } = {}): ThemeConfig => {
  const sider = siderColor(mainColor);
  const selected = selectedItemColor(mainColor);
  return {
    token: {
      colorPrimary: mainColor,
      colorLink: mainColor,
      colorInfo: mainColor,
      colorTextBase: INK,
      colorBgLayout: '#f4f6f5',
      borderRadius: 8,
      // The app's controls are large (40 px); on a touch screen they grow to a finger's size.
      ...(touch ? { controlHeightLG: TOUCH_TARGET_PX } : {}),
      fontFamily: "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    },
    components: {
      Layout: {
        siderBg: sider,
        triggerBg: shade(sider, -0.2),
        triggerColor: '#ffffff',
        headerBg: '#ffffff',
        headerHeight: 64,
        headerPadding: '0 24px',
      },
      Menu: {
        darkItemBg: sider,
        darkSubMenuItemBg: sider,
        darkItemColor: 'rgba(255, 255, 255, 0.82)',
        darkItemHoverColor: '#ffffff',
        darkItemHoverBg: 'rgba(255, 255, 255, 0.1)',
        darkItemSelectedBg: selected,
        darkItemSelectedColor: INK,
        itemSelectedBg: selected,
        itemSelectedColor: INK,
        itemBorderRadius: 8,
        itemMarginInline: 10,
        ...(touch ? { itemHeight: TOUCH_TARGET_PX } : {}),
      },
      Tabs: { inkBarColor: mainColor, itemSelectedColor: mainColor },
      Segmented: { itemSelectedBg: '#ffffff' },
      Table: { rowSelectedBg: selectedRowColor(mainColor), rowSelectedHoverBg: selectedItemColor(mainColor) },
      Card: { headerFontSize: 17 },
    },
  };
};
