import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { communicationEndpoints as e, fileEndpoints, recurringEndpoints as r } from '@herd/contract';
import { createFakeApi, makeProfile } from '../../../../test/fake-api';
import { fastUser } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { RequestComposer } from './request-composer';
import { makeCommunication, makeFile, makeSchedule } from './request-fixtures';

const onClose = vi.fn();
const fake = () => createFakeApi().answer(fileEndpoints.create, {}, makeFile(90, 'checklist.pdf')).install();

const openComposer = async (props: Partial<Parameters<typeof RequestComposer>[0]> = {}) => {
  renderPage(<RequestComposer companyPk={7} open onClose={onClose} {...props} />, { path: '/', profile: makeProfile() });
  return screen.findByRole('form', { name: 'New request' }, { timeout: 10_000 });
};
const setDate = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const fieldOf = (input: HTMLElement) => input.closest('.ant-form-item') as HTMLElement;
const pick = async (form: HTMLElement, label: string, option: string) => {
  await fastUser().click(within(form).getByLabelText(label));
  await fastUser().click(await screen.findByTitle(option));
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-26T12:00:00'));
});
afterEach(() => onClose.mockReset());

describe('the New request composer', () => {
  it('sends a request with a checklist built, reordered and trimmed, a shared file and a due date', async () => {
    const api = fake().answer(e.create, {}, makeCommunication());
    const form = await openComposer();
    await fastUser().type(within(form).getByLabelText('Subject'), 'November close');
    await fastUser().type(within(form).getByLabelText('Text'), 'Please send these.');
    await fastUser().type(within(form).getByLabelText('Item 1'), 'Bank statement');
    await fastUser().click(within(form).getByRole('button', { name: /Add item/ }));
    await fastUser().type(within(form).getByLabelText('Item 2'), 'Mileage log');
    await fastUser().click(within(form).getByRole('button', { name: /Add item/ }));
    await fastUser().type(within(form).getByLabelText('Item 3'), 'Anything unusual?');
    await pick(form, 'Item 3 answer', 'Text answer');
    await fastUser().click(within(within(form).getByLabelText('Checklist item 3')).getByRole('checkbox', { name: 'Required' }));
    await fastUser().click(within(form).getByRole('button', { name: 'Move item 3 up' }));
    await fastUser().click(within(form).getByRole('button', { name: 'Remove item 3' }));
    await fastUser().upload(form.querySelector<HTMLInputElement>('input[type=file]')!, new File(['x'], 'checklist.pdf', { type: 'application/pdf' }));
    expect(await within(form).findByText('checklist.pdf')).toBeInTheDocument();
    setDate(within(form).getByLabelText('Due date (optional)'), '2026-12-10');
    await fastUser().click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo(e.create, {})).toHaveLength(1));
    expect(api.callsTo(e.create, {})[0]!.body).toEqual({
      client_company: 7,
      kind: 'REQUEST',
      subject: 'November close',
      text: 'Please send these.',
      items: [
        { label: 'Bank statement', answer_kind: 'FILES', required: true },
        { label: 'Anything unusual?', answer_kind: 'TEXT', required: false },
      ],
      attachments: [90],
      w9_vendor: '',
      due_date: '2026-12-10',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('refuses a past due date before sending, and puts the server’s field errors under their fields', async () => {
    const api = fake().answer(e.create, {}, () => ({
      status: 400,
      data: { due_date: ['Due date cannot be before today in the firm’s time zone.'], 'items.0.label': ['Item is too long.'], w9_vendor: ['Vendor is required.'] },
    }));
    const form = await openComposer();
    await fastUser().click(within(form).getByText('W-9'));
    await fastUser().type(within(form).getByLabelText('Subject'), 'W-9 for Acme');
    await fastUser().type(within(form).getByLabelText('Vendor'), 'Acme Plumbing');
    const due = within(form).getByLabelText('Due date (optional)');
    setDate(due, '2026-11-01');
    await fastUser().click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(fieldOf(due)).findByText('Due date cannot be in the past.')).toBeInTheDocument();
    expect(api.callsTo(e.create, {})).toHaveLength(0);

    setDate(due, '2026-11-27');
    await fastUser().click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(fieldOf(due)).findByText('Due date cannot be before today in the firm’s time zone.')).toBeInTheDocument();
    expect(within(fieldOf(within(form).getByLabelText('Vendor'))).getByText('Vendor is required.')).toBeInTheDocument();
    // A W-9 has no checklist: nothing left from the default item is sent.
    expect(api.callsTo(e.create, {})[0]!.body).toMatchObject({ kind: 'W9', w9_vendor: 'Acme Plumbing', items: [] });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not send a W-9 request on Enter in its Vendor field, only on Send', async () => {
    const api = fake().answer(e.create, {}, makeCommunication());
    const form = await openComposer();
    await fastUser().click(within(form).getByText('W-9'));
    await fastUser().type(within(form).getByLabelText('Subject'), 'W-9 for Acme{Enter}');
    await fastUser().type(within(form).getByLabelText('Vendor'), 'Acme Plumbing{Enter}');
    expect(api.callsTo(e.create, {})).toHaveLength(0);
    expect(within(form).getByLabelText('Vendor')).toHaveValue('Acme Plumbing');
    await fastUser().click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo(e.create, {})).toHaveLength(1));
    expect(api.callsTo(e.create, {})[0]!.body).toMatchObject({ kind: 'W9', w9_vendor: 'Acme Plumbing' });
  });

  it('creates a monthly schedule on the last day instead of a one-off, with its errors under the schedule’s fields', async () => {
    let refuse = true;
    const api = fake().answer(r.create, {}, () =>
      refuse
        ? { status: 400, data: { 'content.subject': ['Subject is too long.'], end_date: ['End date cannot be before the start date.'] } }
        : { status: 201, data: makeSchedule() },
    );
    const form = await openComposer();
    await fastUser().click(within(form).getByText('Notice'));
    await fastUser().type(within(form).getByLabelText('Subject'), 'Quarter-end reminder');
    await pick(form, 'Repeat', 'Monthly');
    await pick(form, 'Day of the month', 'The last day');
    setDate(within(form).getByLabelText('Starts'), '2026-12-01');
    setDate(within(form).getByLabelText('Ends (optional)'), '2027-06-30');
    await fastUser().type(within(form).getByLabelText('Due (days after each date)'), '5');
    expect(within(form).queryByLabelText('Due date (optional)')).not.toBeInTheDocument();
    await fastUser().click(within(form).getByRole('button', { name: 'Create schedule' }));
    expect(await within(fieldOf(within(form).getByLabelText('Subject'))).findByText('Subject is too long.')).toBeInTheDocument();
    expect(within(fieldOf(within(form).getByLabelText('Ends (optional)'))).getByText('End date cannot be before the start date.')).toBeInTheDocument();
    expect(api.callsTo(e.create, {})).toHaveLength(0);
    expect(api.callsTo(r.create, {})[0]!.body).toEqual({
      client_company: 7,
      content: { kind: 'NOTICE', subject: 'Quarter-end reminder', text: '', items: [], attachments: [], w9_vendor: '' },
      frequency: 'MONTHLY',
      weekdays: [],
      day_of_month: 'LAST',
      start_date: '2026-12-01',
      end_date: '2027-06-30',
      due_days: 5,
    });
    refuse = false;
    await fastUser().click(within(form).getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('repeats weekly on the weekdays chosen', async () => {
    const api = fake().answer(r.create, {}, makeSchedule({ frequency: 'WEEKLY', weekdays: ['MO', 'TH'], day_of_month: null }));
    const form = await openComposer();
    await fastUser().type(within(form).getByLabelText('Subject'), 'Weekly receipts');
    await fastUser().type(within(form).getByLabelText('Item 1'), 'Receipts of the week');
    await pick(form, 'Repeat', 'Weekly');
    await fastUser().click(within(form).getByRole('checkbox', { name: 'Thu' }));
    await fastUser().click(within(form).getByRole('checkbox', { name: 'Mon' }));
    await fastUser().click(within(form).getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(api.callsTo(r.create, {})).toHaveLength(1));
    expect(api.callsTo(r.create, {})[0]!.body).toMatchObject({
      frequency: 'WEEKLY',
      weekdays: ['MO', 'TH'],
      day_of_month: null,
      start_date: '2026-11-26',
      end_date: null,
    });
  });

  it('starts from a draft a template gives, and lets a picker in its slot fill it', async () => {
    fake();
    const form = await openComposer({
      initialDraft: { kind: 'REPORT', subject: 'Year-end pack', text: 'Review the attached.', items: [] },
      renderTemplatePicker: (apply) => (
        <button
          type="button"
          onClick={() => apply({ kind: 'REQUEST', subject: 'From a template', text: '', items: [{ label: 'Payroll', answer_kind: 'TEXT', required: false }] })}
        >
          Use template
        </button>
      ),
    });
    expect(within(form).getByLabelText('Subject')).toHaveValue('Year-end pack');
    expect(within(form).queryByLabelText('Item 1')).not.toBeInTheDocument();
    await fastUser().click(within(form).getByRole('button', { name: 'Use template' }));
    expect(within(form).getByLabelText('Subject')).toHaveValue('From a template');
    expect(within(form).getByLabelText('Item 1')).toHaveValue('Payroll');
  });

  it('says why each refused attachment was refused, beside that file, once', async () => {
    // As the server: a file whose bytes are no type it stores is refused; the others are kept.
    createFakeApi()
      .answer(fileEndpoints.create, {}, (request) => {
        const file = (request.body as FormData).get('file') as File;
        return file.name === 'statement.pdf'
          ? { status: 201, data: makeFile(91, 'statement.pdf') }
          : { status: 400, data: { file: ['File type is not supported. Upload an image, a PDF or a CSV file.'] } };
      })
      .install();
    const form = await openComposer();
    await fastUser().upload(form.querySelector<HTMLInputElement>('input[type=file]')!, [
      new File(['not a pdf'], 'fake.pdf', { type: 'application/pdf' }),
      new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }),
      new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' }),
    ]);
    expect(await within(form).findByText('statement.pdf')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getAllByTestId('refused-attachment')).toHaveLength(2));
    // Each refused file says why under its own name, and no second copy of the words sits anywhere else.
    for (const name of ['fake.pdf', 'setup.exe']) {
      const row = within(form)
        .getAllByTestId('refused-attachment')
        .find((r) => within(r).queryByText(name))!;
      expect(within(row).getByRole('alert')).toHaveTextContent('File type is not supported. Upload an image, a PDF or a CSV file.');
    }
    expect(screen.getAllByText('File type is not supported. Upload an image, a PDF or a CSV file.')).toHaveLength(2);
    // Dismissed, a refusal goes; the kept file stays.
    await fastUser().click(within(form).getByRole('button', { name: 'Dismiss setup.exe' }));
    expect(within(form).getAllByTestId('refused-attachment')).toHaveLength(1);
    expect(within(form).getByText('statement.pdf')).toBeInTheDocument();
  });
});
