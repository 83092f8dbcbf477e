import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { noteEndpoints as n, profileEndpoints } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeNote, makeProfile } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';
import { NoteThread } from './note-thread';

const note = makeNote();

/** The editor keeps the unsent note with its other edits; here a plain state stands in for it. */
const Thread = () => {
  const [body, setBody] = useState('');
  return <NoteThread transactionPk={9} companyPk={7} body={body} onBodyChange={setBody} />;
};

describe('the note thread', () => {
  it('adds one note for a double click on "Add note", and the same words again later are another note', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(n.transactionList, { pk: 9 }, [])
      .answer(n.transactionCreate, { pk: 9 }, () => new Promise((resolve) => setTimeout(() => resolve({ status: 201, data: note }), 200)))
      .install();
    renderAt('/', <Thread />);
    const user = fastUser();
    await user.type(await screen.findByLabelText('New note'), 'Client lunch.');
    await user.dblClick(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.getByLabelText('New note')).toHaveValue(''));
    expect(fake.callsTo(n.transactionCreate, { pk: 9 })).toHaveLength(1);

    await waitFor(() => expect(screen.getByRole('button', { name: /Add note/ })).not.toHaveClass('ant-btn-loading'));
    await user.type(screen.getByLabelText('New note'), 'Client lunch.');
    // The spinner's leaving animation stays in the button's name a while: match the words.
    await user.click(screen.getByRole('button', { name: /Add note/ }));
    await waitFor(() => expect(fake.callsTo(n.transactionCreate, { pk: 9 })).toHaveLength(2));
    const [first, second] = fake.callsTo(n.transactionCreate, { pk: 9 }).map((c) => c.headers.get('Idempotency-Key'));
    expect(second).not.toBe(first);
  });
});
