import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { communicationEndpoints as e, noteEndpoints } from '@herd/contract';
import { fastUser, findDialog } from '../../../../test/dom';
import { createFakeApi, makeProfile } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { RequestDrawer } from './request-drawer';
import { makeCommunication, makeFile } from './request-fixtures';

const w9 = makeCommunication({
  pk: 3,
  kind: 'W9',
  subject: 'W-9 for Acme Plumbing',
  w9_vendor: 'Acme Plumbing',
  status: 'READY',
  answered_at: '2026-11-21T10:00:00Z',
  w9: {
    legal_name: 'Acme Plumbing LLC',
    business_name: '',
    tax_classification: 'LLC_P',
    address_line: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
    tin_kind: 'EIN',
    tin_masked: '**-***6789',
    signed_form: null,
    submitted_at: '2026-11-21T10:00:00Z',
  },
});

const show = async (request: ReturnType<typeof makeCommunication>) => {
  renderPage(<RequestDrawer request={request} onClose={vi.fn()} onMove={vi.fn()} busy={false} />, { path: '/', profile: makeProfile() });
  return findDialog(request.subject);
};

describe('a request’s drawer', () => {
  it('shows a W-9 with its TIN masked, and the whole number only when Reveal asks the audited endpoint', async () => {
    const fake = createFakeApi()
      .answer(noteEndpoints.communicationList, { pk: 3 }, [])
      .answer(e.revealTin, { pk: 3 }, { communication: 3, tin_kind: 'EIN', tin: '12-3456789' })
      .install();
    const drawer = await show(w9);
    expect(drawer).toHaveTextContent('Acme Plumbing LLC');
    expect(drawer).toHaveTextContent('LLC taxed as a partnership');
    const tin = within(drawer).getByLabelText('TIN');
    expect(tin).toHaveTextContent('**-***6789');
    expect(fake.callsTo(e.revealTin, { pk: 3 })).toHaveLength(0);
    await fastUser().click(within(drawer).getByRole('button', { name: 'Reveal' }));
    await waitFor(() => expect(tin).toHaveTextContent('12-3456789'));
    expect(fake.callsTo(e.revealTin, { pk: 3 })).toHaveLength(1);
    await fastUser().click(within(drawer).getByRole('button', { name: 'Hide number' }));
    expect(tin).toHaveTextContent('**-***6789');
  });

  it('shows a signed form given instead, with no number to reveal', async () => {
    createFakeApi().answer(noteEndpoints.communicationList, { pk: 3 }, []).install();
    const signed = { ...w9, w9: { ...w9.w9!, tin_kind: null, tin_masked: null, signed_form: makeFile(80, 'w9-signed.pdf') } };
    const drawer = await show(signed);
    expect(within(drawer).getByRole('link', { name: /w9-signed\.pdf/ })).toHaveAttribute('href', '/api/v1/storage/file/retrieve/80/');
    expect(within(drawer).queryByRole('button', { name: 'Reveal' })).not.toBeInTheDocument();
  });

  it('edits a sent request’s words and due date, sending only what changed, with the server’s errors under their fields', async () => {
    let refuse = true;
    const fake = createFakeApi()
      .answer(noteEndpoints.communicationList, { pk: 1 }, [])
      .answer(e.accountantUpdate, { pk: 7 }, () =>
        refuse
          ? { status: 400, data: { 'communications.0.due_date': ['Due date cannot be before today in the firm’s time zone.'] } }
          : { status: 200, data: [makeCommunication()] },
      )
      .install();
    const drawer = await show(makeCommunication());
    await fastUser().click(within(within(drawer).getByRole('group', { name: 'Actions' })).getByRole('button', { name: 'Edit' }));
    const form = within(drawer).getByRole('form', { name: 'Edit request' });
    const due = within(form).getByLabelText('Due date (optional)');
    fireEvent.change(due, { target: { value: '2030-01-15' } });
    await fastUser().click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(due.closest('.ant-form-item') as HTMLElement).findByText('Due date cannot be before today in the firm’s time zone.')).toBeInTheDocument();
    expect(fake.callsTo(e.accountantUpdate, { pk: 7 })[0]!.body).toEqual({ communications: [{ pk: 1, due_date: '2030-01-15' }] });
    refuse = false;
    await fastUser().click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(drawer).queryByRole('form', { name: 'Edit request' })).not.toBeInTheDocument());
    expect(fake.callsTo(e.accountantUpdate, { pk: 7 })).toHaveLength(2);
  });

  it('shows a report’s acknowledgement and the client’s question', async () => {
    createFakeApi().answer(noteEndpoints.communicationList, { pk: 4 }, []).install();
    const report = makeCommunication({
      pk: 4,
      kind: 'REPORT',
      subject: 'Q3 report',
      status: 'READY',
      acknowledged_at: '2026-11-21T10:00:00Z',
      question: 'Why is rent higher?',
    });
    const drawer = await show(report);
    expect(drawer).toHaveTextContent('Acknowledged');
    expect(drawer).toHaveTextContent('The client asks: Why is rent higher?');
    expect(screen.queryByText('Not acknowledged yet.')).not.toBeInTheDocument();
  });

  it('says when the client has not been emailed yet', async () => {
    createFakeApi().answer(noteEndpoints.communicationList, { pk: 5 }, []).install();
    const stuck = await show(makeCommunication({ pk: 5, subject: 'November close', undelivered: 2 }));
    expect(stuck).toHaveTextContent('Not emailed yet');
    expect(stuck).toHaveTextContent(
      'Herd could not email this to 2 people at the client yet. It tries again every quarter of an hour for three days after the request was sent.',
    );
  });

  it('shows no delivery warning when every email went', async () => {
    createFakeApi().answer(noteEndpoints.communicationList, { pk: 6 }, []).install();
    const fine = await show(makeCommunication({ pk: 6, subject: 'December close', undelivered: 0 }));
    expect(fine).not.toHaveTextContent('Not emailed yet');
  });
});
