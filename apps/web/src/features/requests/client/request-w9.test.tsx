import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { communicationEndpoints as e, fileEndpoints as f, noteEndpoints as n } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientProfile } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { ClientRequestsSection } from './client-requests-section';
import { makeW9Request, requestCounters, requestPage, storedFile } from './client-requests-fakes';

const company = { pk: 7 };
const w9 = makeW9Request();

const fakeW9 = () =>
  createFakeApi()
    .answer(e.clientActive, company, requestPage([w9]))
    .answer(e.clientCounters, company, requestCounters())
    .answer(n.communicationList, { pk: w9.pk }, [])
    .install();

const openW9 = async () => {
  renderPage(<ClientRequestsSection companyPk={7} />, { path: '/dashboard/client/company-client/?company=7', profile: makeClientProfile() });
  await fastUser().click(await screen.findByRole('button', { name: 'Open request W-9 for Acme Plumbing' }));
  return screen.findByRole('dialog');
};

const fillForm = async (drawer: HTMLElement, tin: string) => {
  const user = fastUser();
  await user.type(within(drawer).getByLabelText('Legal name'), 'Acme Plumbing Inc.');
  await user.click(within(drawer).getByLabelText('Federal tax classification'));
  await user.click((await screen.findByTitle('C corporation')).closest('.ant-select-item-option')!);
  await user.type(within(drawer).getByLabelText('Address'), '1 Main St');
  await user.type(within(drawer).getByLabelText('City'), 'Springfield');
  await user.type(within(drawer).getByLabelText('State'), 'IL');
  await user.type(within(drawer).getByLabelText('ZIP code'), '62701');
  await user.type(within(drawer).getByLabelText('Employer Identification Number'), tin);
  await user.click(within(drawer).getByRole('button', { name: 'Send the W-9' }));
};

describe('a W-9 asked of the client', () => {
  it('hints the shape of the number it asks for, by kind', async () => {
    fakeW9();
    const drawer = await openW9();
    expect(within(drawer).getByText(/An Employer Identification Number, written 12-3456789/)).toBeInTheDocument();
    await fastUser().click(within(drawer).getByRole('radio', { name: 'SSN' }));
    expect(await within(drawer).findByText(/A Social Security number, written 123-45-6789/)).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Social Security number')).toHaveAttribute('placeholder', '123-45-6789');
  });

  it('shows the server’s refusal of the TIN under the TIN', async () => {
    const fake = fakeW9().answer(e.clientUpdate, company, () => ({
      status: 400,
      data: { 'communications.0.w9.tin': ['TIN is not a valid EIN (write it as 12-3456789).'] },
    }));
    const drawer = await openW9();
    await fillForm(drawer, '00-1234567');
    await waitFor(() => expect(fake.callsTo(e.clientUpdate, company)).toHaveLength(1));
    expect(fake.callsTo(e.clientUpdate, company)[0]!.body).toEqual({
      communications: [
        {
          pk: w9.pk,
          w9: {
            legal_name: 'Acme Plumbing Inc.',
            business_name: '',
            tax_classification: 'C_CORPORATION',
            address_line: '1 Main St',
            city: 'Springfield',
            state: 'IL',
            postal_code: '62701',
            tin_kind: 'EIN',
            tin: '00-1234567',
          },
        },
      ],
    });
    const tinField = within(drawer).getByLabelText('Employer Identification Number').closest('.ant-form-item');
    await waitFor(() => expect(tinField).toHaveTextContent('TIN is not a valid EIN (write it as 12-3456789).'));
    // Still open, to correct it.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('sends a signed form instead of the typed one', async () => {
    const fake = fakeW9()
      .answer(f.create, {}, storedFile(880, 'w9.pdf'))
      .answer(e.clientUpdate, company, [{ ...w9, status: 'READY' }]);
    const drawer = await openW9();
    await fastUser().click(within(drawer).getByText('Upload signed form'));
    const input = within(drawer).getByTestId('request-file-input');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'w9.pdf', { type: 'application/pdf' })] } });
    expect(await within(drawer).findByRole('link', { name: 'w9.pdf' })).toBeInTheDocument();
    await fastUser().click(within(drawer).getByRole('button', { name: 'Send the signed form' }));
    await waitFor(() => expect(fake.callsTo(e.clientUpdate, company)).toHaveLength(1));
    expect(fake.callsTo(e.clientUpdate, company)[0]!.body).toEqual({ communications: [{ pk: w9.pk, w9_signed_form: 880 }] });
  });
});
