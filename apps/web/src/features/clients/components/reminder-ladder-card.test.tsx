import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, type ReminderLadderView } from '@herd/contract';
import { createFakeApi } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';
import { ReminderLadderCard } from './reminder-ladder-card';

const show = (ladder: ReminderLadderView) => {
  createFakeApi().answer(clientCompanyEndpoints.reminderLadder, { pk: 7 }, ladder).install();
  renderAt('/', <ReminderLadderCard companyPk={7} />);
};

const base: ReminderLadderView = { client_company: 7, enabled: true, next_reminder: '2026-06-08', unanswered_since: null, steps: [], never_texted: [] };

describe('the reminder schedule on a client’s page', () => {
  it('shows a stretch under way: what was done and when, and what comes unless they answer', async () => {
    show({
      ...base,
      unanswered_since: '2026-06-01T16:00:00.000Z',
      steps: [
        { step: 'EMAIL', state: 'DONE', at: '2026-06-01T16:00:00.000Z' },
        { step: 'TEXT', state: 'DONE', at: '2026-06-03T16:05:00.000Z' },
        { step: 'CALL', state: 'PLANNED', at: '2026-06-08T16:00:00.000Z' },
      ],
    });
    expect(await screen.findByText('This client has left their questions unanswered since Jun 1, 2026.')).toBeInTheDocument();
    expect(screen.getByText('Sent Jun 1, 2026 and not answered yet')).toBeInTheDocument();
    expect(screen.getByText('Texted Jun 3, 2026')).toBeInTheDocument();
    expect(screen.getByText('Jun 8, 2026, for the assigned team, unless they answer first')).toBeInTheDocument();
  });

  it('shows the next reminder day and the steps after it for a client who is not behind, a step turned off as such', async () => {
    show({
      ...base,
      steps: [
        { step: 'EMAIL', state: 'PLANNED', at: '2026-06-08' },
        { step: 'TEXT', state: 'OFF', at: null },
        { step: 'CALL', state: 'PLANNED', at: '2026-06-13' },
      ],
    });
    expect(await screen.findByText('Next reminder day: Jun 8, 2026')).toBeInTheDocument();
    expect(screen.getByText('Not texted: turned off in the settings above')).toBeInTheDocument();
    expect(screen.getByText('Jun 13, 2026, for the assigned team, if the email goes unanswered')).toBeInTheDocument();
  });

  it('says when reminders are off', async () => {
    show({ ...base, enabled: false, next_reminder: null });
    expect(await screen.findByText('Reminders are off for this client: nothing is sent on a schedule.')).toBeInTheDocument();
  });
});
