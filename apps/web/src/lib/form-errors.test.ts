import type { FormInstance } from 'antd';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { applyServerErrors } from './form-errors';

const answer = (status: number, data: unknown) => {
  const response = { status, data, statusText: '', headers: {}, config: { headers: new AxiosHeaders() } } as AxiosResponse;
  return new AxiosError('failed', 'ERR_BAD_REQUEST', response.config, {}, response);
};

const fakeForm = () => {
  const setFields = vi.fn();
  return { form: { setFields } as unknown as FormInstance, setFields };
};

describe('applyServerErrors', () => {
  it('puts field errors on fields and returns nothing else to show', () => {
    const { form, setFields } = fakeForm();
    expect(applyServerErrors(form, answer(400, { email: ['Email is not valid.'] }), ['email'])).toBeNull();
    expect(setFields).toHaveBeenCalledWith([{ name: 'email', errors: ['Email is not valid.'] }]);
  });

  it('maps nested keys through aliases, and list items to their list', () => {
    const { form, setFields } = fakeForm();
    const error = answer(400, {
      'reminder_schedule.every_days': ['Reminder interval must be between 1 and 90'],
      'assigned_members.0': ['Assigned members is not valid.'],
      file: ['File is larger than the 10 MB limit.'],
    });
    expect(applyServerErrors(form, error, ['every_days', 'assigned_members', 'logo'], { 'reminder_schedule.every_days': 'every_days', file: 'logo' })).toBeNull();
    expect(setFields).toHaveBeenCalledWith([
      { name: 'every_days', errors: ['Reminder interval must be between 1 and 90'] },
      { name: 'assigned_members', errors: ['Assigned members is not valid.'] },
      { name: 'logo', errors: ['File is larger than the 10 MB limit.'] },
    ]);
  });

  it('returns the detail, and messages of fields the form does not have', () => {
    const { form } = fakeForm();
    expect(applyServerErrors(form, answer(403, { detail: 'You do not have permission to do this.' }), ['name'])).toBe('You do not have permission to do this.');
    expect(applyServerErrors(form, answer(400, { role: ['A firm needs at least one firm admin.'] }), ['name'])).toBe('A firm needs at least one firm admin.');
  });
});
