import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIN_COLOR, HIGHLIGHT_COLOR } from '@herd/contract';
import { makeClientProfile, makeProfile } from '../../test/fake-api';
import { luminance } from '../lib/color';
import { buildTheme, firmColor, siderColor } from './theme';

describe('firm colour', () => {
  it("uses the accountant's firm colour", () => {
    expect(firmColor(makeProfile())).toBe('#1d4ed8');
  });

  it("uses the client's firm colour", () => {
    const profile = makeClientProfile();
    expect(firmColor({ ...profile, client_firm: { ...profile.client_firm!, main_color: '#AA3300' } })).toBe('#aa3300');
  });

  it('falls back to the default without a usable colour', () => {
    const profile = makeProfile();
    const company = { ...profile.accountant_company_user!.company, main_color: null };
    expect(firmColor({ ...profile, accountant_company_user: { ...profile.accountant_company_user!, company } })).toBe(DEFAULT_MAIN_COLOR);
    expect(firmColor(null)).toBe(DEFAULT_MAIN_COLOR);
  });

  it('puts the colour on primary and a tint of it on the active side-menu item, pale enough for dark text', () => {
    const theme = buildTheme('#1d4ed8');
    expect(theme.token?.colorPrimary).toBe('#1d4ed8');
    const blue = theme.components?.Menu?.darkItemSelectedBg;
    const red = buildTheme('#b42318').components?.Menu?.darkItemSelectedBg;
    expect(blue).not.toBe(HIGHLIGHT_COLOR);
    expect(red).not.toBe(blue);
    for (const color of [blue!, red!, buildTheme('#000000').components!.Menu!.darkItemSelectedBg!]) expect(luminance(color)).toBeGreaterThan(0.5);
  });

  it('tints selected table rows with the firm colour, pale (the grey they had read as disabled)', () => {
    for (const main of ['#2f6f5e', '#1d4ed8', '#b42318']) {
      const { rowSelectedBg, rowSelectedHoverBg } = buildTheme(main).components!.Table!;
      expect(luminance(rowSelectedBg!)).toBeGreaterThan(0.7);
      expect(luminance(rowSelectedHoverBg!)).toBeGreaterThan(0.5);
    }
    // Each firm's own tint, not one grey for all.
    expect(buildTheme('#1d4ed8').components!.Table!.rowSelectedBg).not.toBe(buildTheme('#b42318').components!.Table!.rowSelectedBg);
  });

  it('darkens a light firm colour so the side bar text stays readable', () => {
    expect(luminance(siderColor('#ffd400'))).toBeLessThanOrEqual(0.16);
    expect(siderColor(DEFAULT_MAIN_COLOR)).toBe(DEFAULT_MAIN_COLOR);
  });

  it('makes controls and menu items finger-sized on a touch screen only', () => {
    const mouse = buildTheme('#1d4ed8');
    const touch = buildTheme('#1d4ed8', { touch: true });
    expect(touch.token?.controlHeightLG).toBe(44);
    expect(touch.components?.Menu?.itemHeight).toBe(44);
    expect(mouse.token?.controlHeightLG).toBeUndefined();
    expect(mouse.components?.Menu?.itemHeight).toBeUndefined();
  });
});
