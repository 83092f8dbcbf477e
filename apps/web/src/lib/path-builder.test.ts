import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPath, UNBUILDABLE_PATH } from './path-builder';

afterEach(() => vi.restoreAllMocks());

describe('buildPath', () => {
  it('fills :params of a route', () => {
    expect(buildPath('/dashboard/accountant/categorized/:clientPk/', { clientPk: 12 })).toBe('/dashboard/accountant/categorized/12/');
  });

  it('fills {params} of an API path and encodes values', () => {
    expect(buildPath('users/finish-reset-password/{code}/', { code: 'a/b c' })).toBe('users/finish-reset-password/a%2Fb%20c/');
  });

  it("returns '#' when a parameter is missing or empty", () => {
    expect(buildPath('/dashboard/accountant/hidden/:clientPk/', {})).toBe(UNBUILDABLE_PATH);
    expect(buildPath('/dashboard/accountant/hidden/:clientPk/', { clientPk: undefined })).toBe('#');
    expect(buildPath('/dashboard/accountant/hidden/:clientPk/', { clientPk: null })).toBe('#');
    expect(buildPath('/dashboard/accountant/hidden/:clientPk/', { clientPk: '' })).toBe('#');
  });

  it('leaves a pattern without parameters as it is', () => {
    expect(buildPath('/settings/')).toBe('/settings/');
  });

  it('warns when a ...uuid parameter is neither a UUID nor a number', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(buildPath('/files/:fileUuid/', { fileUuid: 'not-a-uuid' })).toBe('/files/not-a-uuid/');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('fileUuid');
  });

  it('does not warn for a UUID, a number, or a parameter not named uuid', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    buildPath('/files/:fileUuid/', { fileUuid: '3f2b8c1e-9a4d-4c7b-8e21-5d6f7a8b9c0d' });
    buildPath('/files/:uuid/', { uuid: 42 });
    buildPath('/clients/:clientPk/', { clientPk: 'abc' });
    expect(warn).not.toHaveBeenCalled();
  });
});
