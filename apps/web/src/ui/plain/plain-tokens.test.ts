import { readFileSync } from 'node:fs';
import path from 'node:path';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIN_COLOR } from '@herd/contract/constants';
import { buildTheme } from '../../app/theme';

/**
 * The plain screens (sign-in, loading, errors) copy antd's look in CSS variables rather than load
 * antd. When the theme or antd changes a colour, these would quietly drift from the antd screens:
 * this reads the variables and holds each to the token antd derives for Herd's own colour.
 */
const css = readFileSync(path.join(import.meta.dirname, 'plain.css'), 'utf8');
const variables = (block: string) => new Map([...block.matchAll(/(--herd-[a-z-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
const rootBlock = /:root\s*{([^}]*)}/.exec(css)?.[1] ?? '';
const touchBlock = /@media \(hover: none\), \(pointer: coarse\)\s*{\s*:root\s*{([^}]*)}/.exec(css)?.[1] ?? '';
const same = (value: string | number) => String(value).replace(/\s+/g, '').replace(/"/g, "'").toLowerCase();

describe('the plain screens’ colours and sizes', () => {
  const token = theme.getDesignToken(buildTheme(DEFAULT_MAIN_COLOR));
  const touch = theme.getDesignToken(buildTheme(DEFAULT_MAIN_COLOR, { touch: true }));
  const root = variables(rootBlock);

  it.each([
    ['--herd-primary', token.colorPrimary],
    ['--herd-primary-hover', token.colorPrimaryHover],
    ['--herd-primary-active', token.colorPrimaryActive],
    ['--herd-primary-border', token.colorPrimaryBorder],
    ['--herd-link-hover', token.colorLinkHover],
    ['--herd-text', token.colorText],
    ['--herd-text-secondary', token.colorTextDescription],
    ['--herd-icon', token.colorIcon],
    ['--herd-border', token.colorBorder],
    ['--herd-border-secondary', token.colorBorderSecondary],
    ['--herd-bg-container', token.colorBgContainer],
    ['--herd-control-outline', token.controlOutline],
    ['--herd-error', token.colorError],
    ['--herd-error-border-hover', token.colorErrorBorderHover],
    ['--herd-error-bg', token.colorErrorBg],
    ['--herd-error-border', token.colorErrorBorder],
    ['--herd-error-outline', token.colorErrorOutline],
    ['--herd-success', token.colorSuccess],
    ['--herd-success-bg', token.colorSuccessBg],
    ['--herd-success-border', token.colorSuccessBorder],
    ['--herd-warning', token.colorWarning],
    ['--herd-radius-lg', `${token.borderRadiusLG}px`],
    ['--herd-control-height', `${token.controlHeightLG}px`],
    ['--herd-font', token.fontFamily],
  ])('%s is antd’s', (name, expected) => {
    expect(same(root.get(name) ?? 'missing')).toBe(same(expected));
  });

  it('grows the controls to a finger’s size on a touch screen, as the theme does', () => {
    expect(variables(touchBlock).get('--herd-control-height')).toBe(`${touch.controlHeightLG}px`);
  });
});
