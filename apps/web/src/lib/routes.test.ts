import { describe, expect, it } from 'vitest';
import { authPathWithNext, safeNextPath } from './routes';

describe('safeNextPath', () => {
  it('accepts paths on this site', () => {
    expect(safeNextPath('/settings/')).toBe('/settings/');
    expect(safeNextPath('/dashboard/accountant/hidden/3/?page=2#top')).toBe('/dashboard/accountant/hidden/3/?page=2#top');
  });

  it('refuses other sites and odd forms', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'settings/', '', null, '/\u0000x']) {
      expect(safeNextPath(bad)).toBeNull();
    }
  });

  it('does not send a user back to the sign-in page', () => {
    expect(safeNextPath('/auth/?magic=abc')).toBeNull();
  });
});

describe('authPathWithNext', () => {
  it('keeps where the user wanted to go', () => {
    expect(authPathWithNext('/settings/')).toBe('/auth/?next=%2Fsettings%2F');
  });

  it('drops an unsafe or pointless next', () => {
    expect(authPathWithNext('https://evil.example/')).toBe('/auth/');
    expect(authPathWithNext('/')).toBe('/auth/');
    expect(authPathWithNext(null)).toBe('/auth/');
  });
});
