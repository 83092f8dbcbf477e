import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MentionedPerson, Note } from '@herd/contract';
import { fastUser } from '../../test/dom';
import { renderPage } from '../../test/render-app';
import type { MentionSource } from './note-composer';
import type { NoteDraft } from './note-draft';
import { NoteThreadPanel, type NoteThreadPanelProps } from './note-thread-panel';

const note = (overrides: Partial<Note>): Note => ({
  pk: 1,
  body: 'Hello',
  sender: 'ACCOUNTANT',
  author: { pk: 3, name: 'Avery Stone' },
  created_at: '2026-03-01T10:00:00Z',
  edited: false,
  is_mine: false,
  mentions: [],
  pinned: false,
  ...overrides,
});

const TESS: MentionedPerson = { pk: 12, name: 'Tess Team' };
const TOM: MentionedPerson = { pk: 13, name: 'Tom Tally' };

/** The panel with mutations that succeed at once and remember what they were given. */
const setup = (props: Partial<NoteThreadPanelProps>) => {
  const created: NoteDraft[] = [];
  const updated: { notePk: number; body: string }[] = [];
  const full: NoteThreadPanelProps = {
    notes: { data: [], isPending: false, isError: false },
    create: { mutate: (draft, cb) => (created.push(draft), cb.onSuccess?.()), isPending: false },
    update: { mutate: (change, cb) => (updated.push(change), cb.onSuccess?.()), isPending: false },
    readOnly: false,
    guard: (control) => control,
    noteTestId: 'note',
    ...props,
  };
  renderPage(<NoteThreadPanel {...full} />, { path: '/', signedOut: true });
  return { created, updated };
};

/** A mention source whose people arrive once asked for, as the real one does. */
const Mentionable = (props: Omit<Partial<NoteThreadPanelProps>, 'mentions'> & { load: () => void }) => {
  const [asked, setAsked] = useState(false);
  const source: MentionSource = { people: asked ? [TESS, TOM] : undefined, loading: false, load: () => (props.load(), setAsked(true)) };
  return <NoteThreadPanel {...(props as NoteThreadPanelProps)} mentions={source} />;
};

describe('the shared note thread', () => {
  it('says the notes are loading', async () => {
    setup({ notes: { isPending: true, isError: false } });
    expect(screen.getByText('Loading the notes…')).toBeInTheDocument();
  });

  it('says when the notes could not be loaded', async () => {
    setup({ notes: { isPending: false, isError: true } });
    expect(screen.getByText('Could not load the notes.')).toBeInTheDocument();
  });

  it('lists notes with mentions highlighted, and lets the author edit their own', async () => {
    const { updated } = setup({
      notes: {
        isPending: false,
        isError: false,
        data: [note({ pk: 1, body: '@Tess Team please check, @Nobody', mentions: [TESS] }), note({ pk: 2, body: 'Mine', is_mine: true })],
      },
    });
    const [first, second] = screen.getAllByTestId('note');
    expect(within(first!).getByTestId('mention')).toHaveTextContent('@Tess Team');
    // Only the people the server names are marked: "@Nobody" is text.
    expect(within(first!).getAllByTestId('mention')).toHaveLength(1);
    expect(within(first!).queryByRole('button', { name: 'Edit' })).toBeNull();
    const user = fastUser();
    await user.click(within(second!).getByRole('button', { name: 'Edit' }));
    await user.clear(within(second!).getByLabelText('Edit note'));
    await user.type(within(second!).getByLabelText('Edit note'), 'Mine, fixed');
    await user.click(within(second!).getByRole('button', { name: 'Save note' }));
    expect(updated).toEqual([{ notePk: 2, body: 'Mine, fixed' }]);
  });

  it('without mentions (a client), "@" is plain text and the note names nobody', async () => {
    const { created } = setup({});
    const user = fastUser();
    await user.type(screen.getByLabelText('New note'), '@Tess Team hi');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(created).toEqual([{ body: '@Tess Team hi', mentions: [] }]);
    expect(document.querySelector('.ant-mentions-dropdown')).toBeNull();
  });
});

describe('the mention picker', () => {
  it('offers the firm’s people after "@" and sends the one picked with the note', async () => {
    const load = vi.fn();
    const created: NoteDraft[] = [];
    renderPage(
      <Mentionable
        load={load}
        notes={{ data: [], isPending: false, isError: false }}
        create={{ mutate: (draft, cb) => (created.push(draft), cb.onSuccess?.()), isPending: false }}
        update={{ mutate: () => undefined, isPending: false }}
        readOnly={false}
        guard={(control) => control}
        noteTestId="note"
      />,
      { path: '/', signedOut: true },
    );
    expect(screen.getByText('No notes yet.')).toBeInTheDocument();
    const user = fastUser();
    const box = screen.getByLabelText('New note');
    await user.type(box, 'Ask @');
    expect(load).toHaveBeenCalledTimes(1);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-mentions-dropdown-menu-item')].find((o) => o.textContent === 'Tess Team');
      if (!found) throw new Error('Tess is not offered');
      return found;
    });
    expect([...document.querySelectorAll('.ant-mentions-dropdown-menu-item')].map((o) => o.textContent)).toEqual(['Tess Team', 'Tom Tally']);
    await user.click(option);
    await waitFor(() => expect(box).toHaveValue('Ask @Tess Team '));
    await user.type(box, 'about March');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(created).toEqual([{ body: 'Ask @Tess Team about March', mentions: [12] }]);
    await waitFor(() => expect(box).toHaveValue(''));
  });
});
