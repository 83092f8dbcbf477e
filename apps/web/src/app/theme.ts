import { theme as antTheme, type ThemeConfig } from 'antd';
import type { Profile } from '@herd/contract/auth';
import { DEFAULT_MAIN_COLOR } from '@herd/contract/constants';
import { luminance, normaliseHex, readableOn, shade } from '../lib/color';

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
const LAYOUT_BG = '#f4f6f5';

/**
 * Herd's greys: translucent ink, as antd draws them, dark enough for a reader with low vision (WCAG AA,
 * 4.5:1) on white, on the page's grey and on the pale tints of selected rows and menu items. antd's own
 * (0.65, 0.45 and 0.25) fall to 2.6:1 for descriptions and 1.7:1 for placeholders. The order stays:
 * text, then secondary, then tertiary and descriptions, then placeholders.
 */
export const GREYS = {
  colorTextSecondary: 'rgba(31, 42, 36, 0.74)',
  colorTextTertiary: 'rgba(31, 42, 36, 0.68)',
  colorTextPlaceholder: 'rgba(31, 42, 36, 0.66)',
} as const;

/** antd's preset tag colours (`<Tag color="green">`). */
export const TAG_PRESETS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'] as const;
const STATUSES = ['Success', 'Warning', 'Error', 'Info'] as const;

type DesignToken = ReturnType<typeof antTheme.getDesignToken>;
type PaletteKey = `${(typeof TAG_PRESETS)[number]}${1 | 7}`;

/**
 * Tags keep their hue and pale fill, with the words in the shade of their colour that reads on that fill:
 * antd writes a tag's words in the 7th shade of its colour (a status tag in the status colour), which
 * for green, gold, orange, cyan, lime, yellow and the statuses is too light to read on the tag's own fill.
 */
const readableTags = (token: DesignToken): Record<string, string> => {
  const presets = Object.fromEntries(TAG_PRESETS.map((color) => [`${color}7`, readableOn(token[`${color}7` as PaletteKey], token[`${color}1` as PaletteKey])]));
  const statuses = Object.fromEntries(STATUSES.map((status) => [`color${status}`, readableOn(token[`color${status}`], token[`color${status}Bg`])]));
  return { ...presets, ...statuses };
};

/** The active side-menu item: a pale tint of the firm's colour, light enough for dark text on any colour. */
export const selectedItemColor = (main: string): string => shade(main, 0.78);

/**
 * A selected table row: a pale tint of the firm's colour, as light as the active menu item's, so a
 * chosen row reads as chosen. A grey one (what antd derived from some firm colours) reads as disabled.
 */
export const selectedRowColor = (main: string): string => shade(main, 0.88);

/** A finger needs a bigger target than a mouse pointer: 44 px, the size phone makers recommend. */
const TOUCH_TARGET_PX = 44;

/**
 * antd fills info banners and tags from the firm colour's palette, whose lightest shade is itself dark grey
 * for a near-black colour (black words on it could not be read): such a firm gets a pale tint of its colour.
 */
const paleInfoFill = (main: string): { colorInfoBg?: string; colorInfoBorder?: string } => {
  const palette = antTheme.getDesignToken({ token: { colorInfo: main } });
  return luminance(palette.colorInfoBg) > 0.7 ? {} : { colorInfoBg: shade(main, 0.9), colorInfoBorder: shade(main, 0.7) };
};

/** antd's red, darkened only as far as error words need to be read on the page's grey. */
const ERROR_RED = readableOn('#ff4d4f', LAYOUT_BG);

export const buildTheme = (mainColor: string, { touch = false, reducedMotion = false }: { touch?: boolean; reducedMotion?: boolean } = {}): ThemeConfig => {
  const sider = siderColor(mainColor);
  const selected = selectedItemColor(mainColor);
  const seed = {
    colorPrimary: mainColor,
    // Links and a selected tab are words in the firm's colour: a light one is darkened until they can be read.
    colorLink: readableOn(mainColor, LAYOUT_BG),
    colorInfo: mainColor,
    colorError: ERROR_RED,
    colorTextBase: INK,
    colorBgLayout: LAYOUT_BG,
    ...GREYS,
    ...paleInfoFill(mainColor),
  };
  const derived = antTheme.getDesignToken({ token: seed });
  return {
    token: {
      ...seed,
      // Words in a status colour (`<Typography.Text type="success">`), not the status colour of icons and borders.
      colorSuccessText: readableOn(derived.colorSuccess, LAYOUT_BG),
      colorWarningText: readableOn(derived.colorWarning, LAYOUT_BG),
      borderRadius: 8,
      // The app's controls are large (40 px); on a touch screen they grow to a finger's size.
      ...(touch ? { controlHeightLG: TOUCH_TARGET_PX } : {}),
      // A person who asked their system for less motion gets drawers, menus and messages without their slides and fades.
      ...(reducedMotion ? { motion: false } : {}),
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
      Tabs: { inkBarColor: mainColor, itemSelectedColor: readableOn(mainColor, '#ffffff') },
      Tag: readableTags(derived),
      // A table's "No data" is drawn in the disabled grey, though nothing is disabled: it is read like any description.
      Table: { rowSelectedBg: selectedRowColor(mainColor), rowSelectedHoverBg: selectedItemColor(mainColor), colorTextDisabled: GREYS.colorTextTertiary },
      Segmented: { itemSelectedBg: '#ffffff' },
      Card: { headerFontSize: 17 },
    },
  };
};
