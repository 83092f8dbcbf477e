import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientSideEndpoints, xeroEndpoints, type ClientEditableField, type ConnectionKind } from '@herd/contract';
import { makeOwnCompany } from '../../../../test/fake-api';
import { fakeClientInbox, INBOX_COMPANY, INBOX_PATH } from '../../../../test/fake-inbox';
import { makeTransaction } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const coffee = makeTransaction();
const held = { transactionPk: coffee.pk };
const file = (attachment_id: string, file_name: string) => ({ attachment_id, file_name, mime_type: 'application/pdf', content_length: 48_213 });

/** A client's inbox of the coffee, their company connected as `kind`. */
const inboxOf = (kind: ConnectionKind) => {
  const editable: ClientEditableField[] = ['category', 'memo', 'attachments'];
  const company = makeOwnCompany({ connection_kind: kind, client_editable_fields: editable });
  return fakeClientInbox([coffee], editable).answer(clientSideEndpoints.ownCompanies, {}, [company]).answer(clientSideEndpoints.ownCompany, INBOX_COMPANY, company);
};

/** Opens the coffee's editor; its attachments section. */
const openAttachments = async () => {
  renderAt(INBOX_PATH);
  fireEvent.click(await screen.findByText('Blue Bottle Coffee'));
  const panel = await screen.findByTestId('transaction-editor');
  return within(panel).getByRole('region', { name: 'Attachments' });
};

describe('the files Xero already holds on a client’s transaction', () => {
  it('are named under the attachments, so the client does not send them again', async () => {
    const fake = inboxOf('XERO').answer(xeroEndpoints.clientAttachments, held, { attachments: [file('a-1', 'invoice-0042.pdf'), file('a-2', 'receipt.jpg')] });
    const attachments = await openAttachments();
    expect(await within(attachments).findByText(/Already in Xero: invoice-0042\.pdf, receipt\.jpg\./)).toBeInTheDocument();
    expect(fake.callsTo(xeroEndpoints.clientAttachments, held)).toHaveLength(1);
  });

  it('say nothing when Xero holds none', async () => {
    const fake = inboxOf('XERO').answer(xeroEndpoints.clientAttachments, held, { attachments: [] });
    const attachments = await openAttachments();
    await waitFor(() => expect(fake.callsTo(xeroEndpoints.clientAttachments, held)).toHaveLength(1));
    expect(within(attachments).queryByText(/Already in Xero/)).not.toBeInTheDocument();
  });

  it('say nothing, and ask once, when Xero’s files cannot be read', async () => {
    const fake = inboxOf('XERO').answer(xeroEndpoints.clientAttachments, held, () => ({ status: 502, data: { detail: 'Xero cannot be reached right now.' } }));
    const attachments = await openAttachments();
    await waitFor(() => expect(fake.callsTo(xeroEndpoints.clientAttachments, held)).toHaveLength(1));
    expect(within(attachments).queryByText(/Already in Xero/)).not.toBeInTheDocument();
    expect(screen.queryByText('Xero cannot be reached right now.')).not.toBeInTheDocument();
  });

  it('are not asked for on a company of another ledger', async () => {
    const fake = inboxOf('QBO').answer(xeroEndpoints.clientAttachments, held, { attachments: [file('a-1', 'invoice-0042.pdf')] });
    const attachments = await openAttachments();
    expect(within(attachments).getByRole('button', { name: /Attach a receipt/ })).toBeInTheDocument();
    expect(within(attachments).queryByText(/Already in Xero/)).not.toBeInTheDocument();
    expect(fake.callsTo(xeroEndpoints.clientAttachments, held)).toHaveLength(0);
  });
});
