import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIN_COLOR } from '@herd/contract/constants';
import { contrastRatio, drawnOver, TEXT_CONTRAST } from '../lib/color';
import { buildTheme, selectedRowColor, TAG_PRESETS } from './theme';

/**
 * Everyone can read Herd's words: every grey and coloured text of the theme holds 4.5:1 (WCAG AA) on the
 * backgrounds it is drawn on, for Herd's own colour and for firms' colours light and dark. The browser walk
 * (e2e/accessibility.spec.ts) checks the screens; this fails first, without a browser, when a colour changes.
 */
const FIRM_COLOURS = [DEFAULT_MAIN_COLOR, '#1d4ed8', '#b42318', '#7c3aed', '#ffd400', '#7dd3fc', '#000000'];
const ratio = (text: string, background: string) => contrastRatio(drawnOver(text, background), background);

describe.each(FIRM_COLOURS)('the theme for a firm in %s', (main) => {
  const config = buildTheme(main);
  const token = theme.getDesignToken(config);
  const backgrounds = {
    white: token.colorBgContainer,
    page: token.colorBgLayout,
    'pale fill': drawnOver(token.colorFillAlter, '#ffffff'),
    'selected row': selectedRowColor(main),
  };

  it.each(['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription'] as const)('%s reads on every background', (name) => {
    for (const [where, background] of Object.entries(backgrounds)) expect(ratio(token[name], background), `${name} on ${where}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('writes placeholders readably in empty fields, white or filled', () => {
    for (const background of [backgrounds.white, backgrounds['pale fill']]) expect(ratio(token.colorTextPlaceholder, background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('keeps greys in their order: text darkest, then secondary, tertiary, placeholder', () => {
    const on = (name: 'colorText' | 'colorTextSecondary' | 'colorTextTertiary' | 'colorTextPlaceholder') => ratio(token[name], '#ffffff');
    expect(on('colorText')).toBeGreaterThan(on('colorTextSecondary'));
    expect(on('colorTextSecondary')).toBeGreaterThan(on('colorTextTertiary'));
    expect(on('colorTextTertiary')).toBeGreaterThan(on('colorTextPlaceholder'));
  });

  it('writes links, the selected tab, errors and status words in readable shades', () => {
    for (const background of [backgrounds.white, backgrounds.page]) {
      for (const name of ['colorLink', 'colorError', 'colorErrorText', 'colorSuccessText', 'colorWarningText'] as const) {
        expect(ratio(token[name], background), `${name} on ${background}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
    }
    expect(ratio(config.components!.Tabs!.itemSelectedColor!, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('writes every tag colour in a shade that reads on its own fill', () => {
    const tag = config.components!.Tag as Record<string, string>;
    for (const preset of TAG_PRESETS) {
      expect(ratio(tag[`${preset}7`]!, token[`${preset}1`]), `${preset} tag`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    for (const status of ['Success', 'Warning', 'Error', 'Info'] as const) {
      expect(ratio(tag[`color${status}`]!, token[`color${status}Bg`]), `${status} tag`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('draws a table’s "No data" in a readable grey', () => {
    expect(ratio(config.components!.Table!.colorTextDisabled!, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

describe('the theme keeps Herd’s look', () => {
  it('leaves colours that already read as they were: Herd’s green, the firm’s dark colours, the tags that were readable', () => {
    const config = buildTheme(DEFAULT_MAIN_COLOR);
    expect(config.token?.colorLink).toBe(DEFAULT_MAIN_COLOR);
    expect(config.components?.Tabs?.itemSelectedColor).toBe(DEFAULT_MAIN_COLOR);
    const tag = config.components!.Tag as Record<string, string>;
    const antd = theme.getDesignToken();
    for (const preset of ['blue', 'geekblue', 'purple', 'magenta', 'red'] as const) expect(tag[`${preset}7`]).toBe(antd[`${preset}7`]);
  });
});
