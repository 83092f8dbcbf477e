import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { requestTemplateEndpoints as e, type RequestDraft, type RequestTemplate } from '@herd/contract';
import { createFakeApi, makeProfile, makeProfileWithRole } from '../../../../test/fake-api';
import { fastUser, findDialog } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { RequestTemplatePicker } from './request-template-picker';
import { RequestTemplatesTab } from './request-templates-tab';
import { SaveAsTemplateButton } from './save-as-template-button';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

/** Types a whole value at once: keystroke by keystroke is seconds per field in jsdom, and the forms only read the value. */
const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

const makeTemplate = (overrides: Partial<RequestTemplate> = {}): RequestTemplate => ({
  pk: 1,
  name: 'Monthly bank statements',
  kind: 'REQUEST',
  subject: 'Bank statements for last month',
  text: 'Please upload last month’s statements.',
  items: [{ label: 'Statement for each account', answer_kind: 'FILES', required: true }],
  created_by: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...overrides,
});

const w9 = makeTemplate({ pk: 2, name: 'W-9 for new vendor', kind: 'W9', subject: 'W-9 for a new vendor', items: [], created_by: { pk: 4, name: 'Avery Stone' } });

const openTab = (profile = makeProfile()) => renderPage(<RequestTemplatesTab />, { path: '/settings/accountant/?tab=request-templates', profile });

describe('Settings → Request templates', () => {
  it('lists the firm’s templates with what each asks and who saved it', async () => {
    createFakeApi().answer(e.list, {}, [makeTemplate(), w9]).install();
    openTab();
    const statements = await screen.findByRole('listitem', { name: 'Monthly bank statements' });
    expect(statements).toHaveTextContent('Checklist of 1 item: Statement for each account');
    expect(statements).toHaveTextContent('Herd’s starter template');
    expect(screen.getByRole('listitem', { name: 'W-9 for new vendor' })).toHaveTextContent('Saved by Avery Stone');
  });

  it('adds a template with its checklist, and puts a refused name on the name field', async () => {
    let attempts = 0;
    const fake = createFakeApi()
      .answer(e.list, {}, [])
      .answer(e.create, {}, (request) =>
        ++attempts === 1
          ? { status: 400, data: { name: ['Your firm already has a template with this name.'] } }
          : { status: 201, data: makeTemplate({ pk: 9, ...(request.body as object) }) },
      )
      .install();
    openTab();
    await userEvent.click(await screen.findByRole('button', { name: /New template/ }));
    const dialog = await findDialog('New request template');
    fill(within(dialog).getByLabelText('Template name'), 'Payroll');
    fill(within(dialog).getByLabelText('Subject'), 'Quarterly payroll');
    fill(within(dialog).getByRole('textbox', { name: 'Item 1' }), 'Form 941');
    await userEvent.click(within(dialog).getByRole('button', { name: /Add item/ }));
    fill(within(dialog).getByRole('textbox', { name: 'Item 2' }), 'Anything unusual?');
    await userEvent.click(within(within(dialog).getByRole('group', { name: 'Item 2' })).getByRole('checkbox', { name: 'Required' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add template' }));
    expect(await within(dialog).findByText('Your firm already has a template with this name.')).toBeInTheDocument();
    fill(within(dialog).getByLabelText('Template name'), 'Payroll, quarterly');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add template' }));
    await waitFor(() => expect(fake.callsTo(e.create, {})).toHaveLength(2));
    expect(fake.callsTo(e.create, {})[1]!.body).toEqual({
      name: 'Payroll, quarterly',
      kind: 'REQUEST',
      subject: 'Quarterly payroll',
      text: '',
      items: [
        { label: 'Form 941', answer_kind: 'FILES', required: true },
        { label: 'Anything unusual?', answer_kind: 'FILES', required: false },
      ],
    });
  });

  it('edits a template, dropping the checklist when it becomes a notice', async () => {
    const fake = createFakeApi()
      .answer(e.list, {}, [makeTemplate()])
      .answer(e.update, { pk: 1 }, makeTemplate({ kind: 'NOTICE', items: [] }))
      .install();
    openTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Monthly bank statements' }));
    const dialog = await findDialog('Edit “Monthly bank statements”');
    const kind = within(dialog).getByRole('combobox', { name: 'Kind' });
    fireEvent.mouseDown(kind);
    fireEvent.click(await screen.findByTitle('Notice'));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /Add item/ })).not.toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(fake.callsTo(e.update, { pk: 1 })).toHaveLength(1));
    expect(fake.callsTo(e.update, { pk: 1 })[0]!.body).toMatchObject({ kind: 'NOTICE', items: [], name: 'Monthly bank statements' });
  });

  it('deletes a template only once confirmed', async () => {
    const fake = createFakeApi().answer(e.list, {}, [makeTemplate(), w9]).answer(e.delete, { pk: 2 }, undefined).install();
    openTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete W-9 for new vendor' }));
    const confirm = await findDialog('Delete the template “W-9 for new vendor”?');
    expect(fake.callsTo(e.delete, { pk: 2 })).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fake.callsTo(e.delete, { pk: 2 })).toHaveLength(1));
  });

  it('a team member reads the templates but is offered no change', async () => {
    createFakeApi().answer(e.list, {}, [makeTemplate()]).install();
    openTab(makeProfileWithRole('TEAM_MEMBER'));
    expect(await screen.findByRole('listitem', { name: 'Monthly bank statements' })).toBeInTheDocument();
    expect(screen.getByText(/Your firm’s admins add and change them/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New template/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });
});

describe('RequestTemplatePicker', () => {
  it('hands the composer a copy of the picked template’s words', async () => {
    createFakeApi().answer(e.list, {}, [makeTemplate(), w9]).install();
    const onPick = vi.fn<(draft: RequestDraft) => void>();
    renderPage(<RequestTemplatePicker onPick={onPick} />, { path: '/', profile: makeProfileWithRole('TEAM_MEMBER') });
    const select = await screen.findByRole('combobox', { name: 'Start from a template' });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Monthly bank statements: Checklist of 1 item'));
    expect(onPick).toHaveBeenCalledWith({
      kind: 'REQUEST',
      subject: 'Bank statements for last month',
      text: 'Please upload last month’s statements.',
      items: [{ label: 'Statement for each account', answer_kind: 'FILES', required: true }],
    });
  });
});

describe('SaveAsTemplateButton', () => {
  const draft: RequestDraft = {
    kind: 'REQUEST',
    subject: 'Loan statements',
    text: 'December, please.',
    items: [{ label: 'Loan statement', answer_kind: 'FILES', required: true }],
  };

  it('saves the draft under the name given, the subject offered first', async () => {
    const fake = createFakeApi()
      .answer(e.create, {}, makeTemplate({ pk: 5, name: 'Loans at year end' }))
      .install();
    renderPage(<SaveAsTemplateButton draft={draft} />, { path: '/', profile: makeProfile() });
    await userEvent.click(await screen.findByRole('button', { name: /Save as template/ }));
    const dialog = await findDialog('Save as template');
    const name = within(dialog).getByLabelText('Template name');
    expect(name).toHaveValue('Loan statements');
    fill(name, 'Loans at year end');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(fake.callsTo(e.create, {})).toHaveLength(1));
    expect(fake.callsTo(e.create, {})[0]!.body).toEqual({ name: 'Loans at year end', ...draft });
  });

  it('is not offered to a team member, who cannot write templates', () => {
    createFakeApi().install();
    renderPage(<SaveAsTemplateButton draft={draft} />, { path: '/', profile: makeProfileWithRole('TEAM_MEMBER') });
    expect(screen.queryByRole('button', { name: /Save as template/ })).not.toBeInTheDocument();
  });
});
