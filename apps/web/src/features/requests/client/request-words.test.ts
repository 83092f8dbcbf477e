import { describe, expect, it } from 'vitest';
import { askWords, dueWords } from './request-words';
import { makeNotice, makeReport, makeRequest } from './client-requests-fakes';

const today = new Date(2026, 10, 26, 23, 30);

describe('how a request’s due date reads', () => {
  it('counts calendar days from today, whatever the hour', () => {
    expect(dueWords({ due_date: '2026-11-26', overdue: false }, today)).toBe('Due today');
    expect(dueWords({ due_date: '2026-11-27', overdue: false }, today)).toBe('Due tomorrow');
    expect(dueWords({ due_date: '2026-11-29', overdue: false }, today)).toBe('Due in 3 days');
    expect(dueWords({ due_date: '2026-12-10', overdue: false }, today)).toBe('Due in 14 days');
    expect(dueWords({ due_date: '2026-12-11', overdue: false }, today)).toBe('Due Dec 11, 2026');
  });

  it('says overdue when the server says so, and nothing without a due date', () => {
    expect(dueWords({ due_date: '2026-11-20', overdue: true }, today)).toBe('Overdue (due Nov 20, 2026)');
    expect(dueWords({ due_date: null, overdue: false }, today)).toBeNull();
  });
});

describe('what a request asks, in its row', () => {
  it('counts the required items still to answer, then the items answered', () => {
    const request = makeRequest();
    expect(askWords(request)).toBe('2 of 3 items to answer');
    const answered = makeRequest({
      status: 'READY',
      items: request.items.map((item) => (item.required ? { ...item, answered_at: '2026-11-21T10:00:00Z' } : item)),
    });
    expect(askWords(answered)).toBe('2 of 3 items answered');
  });

  it('says what is left of a report or a notice, and that it was acknowledged', () => {
    expect(askWords(makeReport())).toBe('1 file to review and acknowledge');
    expect(askWords(makeReport({ acknowledged_at: '2026-11-21T10:00:00Z', question: 'Why?' }))).toBe('Acknowledged, with a question');
    expect(askWords(makeNotice({ status: 'FINISHED_IN_HERD', acknowledged_at: '2026-11-21T10:00:00Z' }))).toBe('Acknowledged');
  });
});
