import type { Recurrence } from '@herd/contract';
import { describe, expect, it } from 'vitest';
import { isOccurrence, nextOccurrenceFrom, occurrencesBetween } from './recurrence.rule.js';
import { addDays, dayStartsAt, todayIn } from '../../../lib/calendar-days.js';

const monthly = (day: number | 'LAST', start: string, end: string | null = null): Recurrence => ({
  frequency: 'MONTHLY',
  weekdays: [],
  day_of_month: day,
  start_date: start,
  end_date: end,
});

describe('monthly dates', () => {
  it('falls on the last day of shorter months for the 31st, and back on the 31st after', () => {
    expect(occurrencesBetween(monthly(31, '2026-01-01'), '2026-01-01', '2026-07-31')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
    ]);
  });

  it('knows leap years: the 29th and the 30th of February 2028 are its 29th, of 2026 its 28th', () => {
    expect(occurrencesBetween(monthly(30, '2028-01-01'), '2028-02-01', '2028-03-31')).toEqual(['2028-02-29', '2028-03-30']);
    expect(occurrencesBetween(monthly(29, '2026-02-01'), '2026-02-01', '2026-03-31')).toEqual(['2026-02-28', '2026-03-29']);
    // 2100 is not a leap year (divisible by 100, not by 400); 2000 was.
    expect(occurrencesBetween(monthly('LAST', '2100-02-01'), '2100-02-01', '2100-02-28')).toEqual(['2100-02-28']);
    expect(occurrencesBetween(monthly('LAST', '2000-02-01'), '2000-02-01', '2000-02-29')).toEqual(['2000-02-29']);
  });

  it('on the last day follows each month', () => {
    expect(occurrencesBetween(monthly('LAST', '2027-11-15'), '2027-11-01', '2028-03-31')).toEqual(['2027-11-30', '2027-12-31', '2028-01-31', '2028-02-29', '2028-03-31']);
  });

  it('starts on or after the start date and stops at the end date, which it includes', () => {
    const recurrence = monthly(15, '2026-03-20', '2026-07-15');
    expect(occurrencesBetween(recurrence, '2026-01-01', '2026-12-31')).toEqual(['2026-04-15', '2026-05-15', '2026-06-15', '2026-07-15']);
    expect(nextOccurrenceFrom(recurrence, '2026-07-16')).toBeNull();
    expect(nextOccurrenceFrom(monthly(15, '2026-03-15'), '2026-01-01')).toBe('2026-03-15');
  });

  it('a start on the 20th still has that month’s 31st', () => {
    expect(nextOccurrenceFrom(monthly(31, '2026-04-20'), '2026-04-20')).toBe('2026-04-30');
  });
});

describe('quarterly and yearly dates', () => {
  it('quarterly counts quarters from the start month, on the month’s end when the day is past it', () => {
    const quarterly: Recurrence = { frequency: 'QUARTERLY', weekdays: [], day_of_month: 31, start_date: '2026-02-10', end_date: null };
    expect(occurrencesBetween(quarterly, '2026-01-01', '2027-03-01')).toEqual(['2026-02-28', '2026-05-31', '2026-08-31', '2026-11-30', '2027-02-28']);
  });

  it('yearly repeats in the start date’s month; the 29th of February falls on the 28th in common years', () => {
    const yearly: Recurrence = { frequency: 'YEARLY', weekdays: [], day_of_month: 29, start_date: '2027-02-01', end_date: '2030-12-31' };
    expect(occurrencesBetween(yearly, '2027-01-01', '2031-12-31')).toEqual(['2027-02-28', '2028-02-29', '2029-02-28', '2030-02-28']);
  });
});

describe('weekly dates', () => {
  const weekdays: Recurrence = { frequency: 'WEEKLY', weekdays: ['MO', 'TU', 'WE', 'TH', 'FR'], day_of_month: null, start_date: '2026-03-05', end_date: '2026-03-12' };

  it('on chosen weekdays from the start to the end', () => {
    // 2026-03-05 is a Thursday.
    expect(occurrencesBetween(weekdays, '2026-03-01', '2026-03-31')).toEqual(['2026-03-05', '2026-03-06', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12']);
    expect(isOccurrence(weekdays, '2026-03-07')).toBe(false);
    expect(isOccurrence(weekdays, '2026-03-09')).toBe(true);
  });

  it('each date once across a change of clocks (US clocks go forward on Sunday 2026-03-08, back on 2026-11-01)', () => {
    const everyDay: Recurrence = { ...weekdays, weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], start_date: '2026-03-06', end_date: null };
    expect(occurrencesBetween(everyDay, '2026-03-07', '2026-03-09')).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(occurrencesBetween(everyDay, '2026-10-31', '2026-11-02')).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
  });
});

describe('the firm’s day', () => {
  it('is the date in the firm’s zone, not UTC’s', () => {
    const now = new Date('2026-03-01T03:30:00Z');
    expect(todayIn('America/New_York', now)).toBe('2026-02-28');
    expect(todayIn('UTC', now)).toBe('2026-03-01');
    expect(todayIn('Asia/Kolkata', new Date('2026-02-28T18:30:00Z'))).toBe('2026-03-01');
  });

  it('begins at local midnight on either side of a change of clocks', () => {
    expect(dayStartsAt('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStartsAt('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayStartsAt('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    // Santiago's clocks skip midnight to 01:00 on 2026-09-06: that day begins at the first instant that exists.
    expect(dayStartsAt('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('due dates count calendar days, whatever the clocks do', () => {
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
