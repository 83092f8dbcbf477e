import type { FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { answerError } from './api-errors';
import { applyServerErrors, placeServerErrors, serverErrorText } from './form-errors';

/** A call's rejection for an answer outside 2xx, as the API client makes it. */
const answer = (status: number, data: unknown) => answerError({ status, data, headers: new Headers() });

const fakeForm = () => {
  const setFields = vi.fn();
  // A form with the one method the helper calls, hence the cast.
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

describe('placeServerErrors and serverErrorText', () => {
  it('drops no message: the detail and every field the screen does not show are said together', () => {
    const error = answer(400, {
      detail: 'Not saved.',
      'transactions.0.status': ['This transaction can no longer be changed here (status: Published).'],
      name: ['Name is required.'],
    });
    const placed = placeServerErrors(error, (key) => (key === 'name' ? 'name' : null));
    expect(placed.fields).toEqual(new Map([['name', ['Name is required.']]]));
    expect(placed.rest).toBe('Not saved. This transaction can no longer be changed here (status: Published).');
  });

  it('says every field error of a call without a form, not only the first', () => {
    expect(serverErrorText(answer(400, { watched: ['Watched is not valid.'], 'watched.1': ['Account is not valid.'] }))).toBe(
      'Watched is not valid. Account is not valid.',
    );
    expect(serverErrorText(answer(403, { detail: 'You do not have permission to do this.' }))).toBe('You do not have permission to do this.');
  });
});
