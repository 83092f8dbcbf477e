import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { transactionEndpoints as e } from '@herd/contract';
import { fakeClientInbox, INBOX_COMPANY, INBOX_PATH } from '../../../../test/fake-inbox';
import { makeTransaction } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const coffee = makeTransaction();
const editor = () => screen.findByTestId('transaction-editor');
const categoryBox = (panel: HTMLElement) => within(panel).getByRole('combobox', { name: 'Category' });
const ENTER = { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 };
const ESCAPE = { key: 'Escape', code: 'Escape', keyCode: 27, which: 27 };

/** Opens the coffee's editor from the inbox; the category list of the empty search has arrived. */
const openCoffee = async () => {
  const app = renderAt(INBOX_PATH);
  fireEvent.click(await screen.findByText('Blue Bottle Coffee'));
  const panel = await editor();
  return { app, panel };
};

/** Types into the category picker and presses Enter at once, as fast hands do (well inside the search's 300 ms pause). */
const typeAndEnter = (box: HTMLElement, text: string) => {
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, ENTER);
};

const savedCategory = async (fake: ReturnType<typeof fakeClientInbox>) => {
  await waitFor(() => expect(fake.callsTo(e.clientUpdate, INBOX_COMPANY)).toHaveLength(1));
  const body = fake.callsTo(e.clientUpdate, INBOX_COMPANY)[0]!.body as { transactions: { lines: { category: number | null }[] }[] };
  return body.transactions[0]!.lines[0]!.category;
};

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('the editor at keyboard speed', () => {
  it('takes the match of what was typed when Enter comes before the search’s answer', async () => {
    // The server is slow as well: nothing but the list of the empty search is in when Enter lands.
    const fake = fakeClientInbox([coffee], ['category', 'memo'], 1500);
    const { panel } = await openCoffee();
    // The unfiltered list is in (Dental Supplies first).
    fireEvent.mouseDown(categoryBox(panel));
    expect(await screen.findByTitle('Dental Supplies')).toBeInTheDocument();
    typeAndEnter(categoryBox(panel), 'uti');
    await waitFor(() => expect(within(panel).getByTestId('line-0')).toHaveTextContent('Utilities'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(await savedCategory(fake)).toBe(33);
  });

  it('does nothing on Enter when nothing matches yet, and says it is still searching', async () => {
    // The server takes 1.5 s to answer a search; fake time lets the test say when that has passed.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = fakeClientInbox([coffee], ['category', 'memo'], 1500);
    const { panel } = await openCoffee();
    fireEvent.mouseDown(categoryBox(panel));
    expect(await screen.findByTitle('Dental Supplies')).toBeInTheDocument();
    typeAndEnter(categoryBox(panel), 'zzz');
    expect(await screen.findByText('Searching for “zzz”…')).toBeInTheDocument();
    expect(categoryBox(panel)).toHaveValue('zzz');
    expect(within(panel).getByTestId('line-0')).not.toHaveTextContent('Dental Supplies');
    // Once the server has answered too, the hint says so.
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(await screen.findByText('No category matches “zzz”')).toBeInTheDocument();
    fireEvent.keyDown(categoryBox(panel), ENTER);
    expect(fake.callsTo(e.clientUpdate, INBOX_COMPANY)).toHaveLength(0);
  });

  it('holds an Enter typed before any category arrived, and Ctrl+Enter saves with the category it picks', async () => {
    // A server just started: even the first list (of the empty search) takes 10 s to come.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = fakeClientInbox([coffee], ['category', 'memo'], 10_000);
    const { panel } = await openCoffee();
    await waitFor(() => expect(categoryBox(panel)).toHaveFocus());
    typeAndEnter(categoryBox(panel), 'uti');
    // Nothing was chosen when Ctrl+Enter came: the held Enter picks once the list is in, then the save goes.
    expect(within(panel).getByTestId('line-0')).not.toHaveTextContent('Utilities');
    fireEvent.keyDown(categoryBox(panel), { ...ENTER, ctrlKey: true });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await savedCategory(fake)).toBe(33);
    expect((fake.callsTo(e.clientUpdate, INBOX_COMPANY)[0]!.body as { transactions: { finished: boolean }[] }).transactions[0]!.finished).toBe(true);
  });

  it('saves as done on a second Enter once the category is chosen, and closes', async () => {
    const fake = fakeClientInbox([coffee], ['category', 'memo']);
    const { panel } = await openCoffee();
    await waitFor(() => expect(categoryBox(panel)).toHaveFocus());
    fireEvent.mouseDown(categoryBox(panel));
    expect(await screen.findByTitle('Dental Supplies')).toBeInTheDocument();
    // The first Enter takes the match; nothing is saved yet and the list closes.
    typeAndEnter(categoryBox(panel), 'uti');
    await waitFor(() => expect(within(panel).getByTestId('line-0')).toHaveTextContent('Utilities'));
    await waitFor(() => expect(categoryBox(panel)).toHaveAttribute('aria-expanded', 'false'));
    expect(fake.callsTo(e.clientUpdate, INBOX_COMPANY)).toHaveLength(0);
    fireEvent.keyDown(categoryBox(panel), ENTER);
    expect(await savedCategory(fake)).toBe(33);
    expect((fake.callsTo(e.clientUpdate, INBOX_COMPANY)[0]!.body as { transactions: { finished: boolean }[] }).transactions[0]!.finished).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('transaction-editor')).not.toBeInTheDocument());
  });

  it('keeps Enter on an empty category picker for opening its list: nothing is saved', async () => {
    const fake = fakeClientInbox([coffee], ['category', 'memo']);
    const { panel } = await openCoffee();
    await waitFor(() => expect(categoryBox(panel)).toHaveFocus());
    fireEvent.keyDown(categoryBox(panel), ENTER);
    expect(await screen.findByTitle('Dental Supplies')).toBeInTheDocument();
    expect(fake.callsTo(e.clientUpdate, INBOX_COMPANY)).toHaveLength(0);
    expect(screen.getByTestId('transaction-editor')).toBeInTheDocument();
  });

  it('opens with the cursor in the first field, and Esc closes it', async () => {
    fakeClientInbox([coffee]);
    const { panel } = await openCoffee();
    await waitFor(() => expect(categoryBox(panel)).toHaveFocus());
    expect(within(panel).getByTestId('keyboard-hint')).toHaveTextContent('Enter on a chosen category or Ctrl + Enter: done · Esc: close');
    fireEvent.keyDown(categoryBox(panel), ESCAPE);
    await waitFor(() => expect(screen.queryByTestId('transaction-editor')).not.toBeInTheDocument());
  });

  it('does not offer Enter on a category to a client who may not set one', async () => {
    fakeClientInbox([coffee], ['memo']);
    const { panel } = await openCoffee();
    const hint = within(panel).getByTestId('keyboard-hint');
    expect(hint).toHaveTextContent('Ctrl + Enter: done · Esc: close');
    expect(hint).not.toHaveTextContent('category');
  });

  it('closes on the browser’s Back and stays on the inbox', async () => {
    fakeClientInbox([coffee]);
    const { app } = await openCoffee();
    expect(app.searchParams().get('transaction')).toBe(String(coffee.pk));
    app.back();
    await waitFor(() => expect(screen.queryByTestId('transaction-editor')).not.toBeInTheDocument());
    expect(app.pathname()).toBe('/dashboard/client/company-client/');
    expect(app.searchParams().get('company')).toBe('7');
    expect(screen.getByText('Blue Bottle Coffee')).toBeInTheDocument();
  });

  it('shows no keyboard hints on a touch device, and leaves the fields unfocused there', async () => {
    window.matchMedia = ((query: string) => ({ ...realMatchMedia(query), matches: query.includes('pointer: coarse') })) as typeof window.matchMedia;
    fakeClientInbox([coffee]);
    const { panel } = await openCoffee();
    expect(screen.queryByRole('button', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    expect(within(panel).queryByTestId('keyboard-hint')).not.toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(categoryBox(panel)).not.toHaveFocus();
  });
});
