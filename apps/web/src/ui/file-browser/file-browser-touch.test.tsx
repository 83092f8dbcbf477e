import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { itemNamed, renderBrowser } from './test-browser';

const realMatchMedia = window.matchMedia;
const realWidth = window.innerWidth;
afterEach(() => {
  window.matchMedia = realMatchMedia;
  window.innerWidth = realWidth;
});

/** A phone: a finger for a pointer (what `useTouchDevice` asks), 390 px wide. */
const onPhone = () => {
  window.matchMedia = ((query: string) => ({ ...realMatchMedia(query), matches: query.includes('pointer: coarse') })) as typeof window.matchMedia;
  window.innerWidth = 390;
};

const HINT = /Alt \+ right click/;

describe('the file browser’s menu on a touch device', () => {
  it('offers the actions of a long-pressed file without a keyboard or mouse hint', () => {
    onPhone();
    renderBrowser({ compact: true });
    // A long press fires contextmenu on phones.
    fireEvent.contextMenu(itemNamed('file-1.pdf'));
    const menu = screen.getByRole('menu', { name: 'Actions' });
    expect(within(menu).getByRole('menuitem', { name: 'Rename' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    expect(menu).not.toHaveTextContent(HINT);
    expect(menu.querySelector('.herd-fb-menu-hint')).toBeNull();
    // Nor does the empty part of the folder's menu carry one.
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.contextMenu(document.querySelector('[role="listbox"]')!);
    expect(screen.getByRole('menu', { name: 'Actions' })).not.toHaveTextContent(HINT);
  });

  it('keeps the hint where there is a mouse and a keyboard', () => {
    renderBrowser();
    fireEvent.contextMenu(itemNamed('file-1.pdf'));
    expect(screen.getByRole('menu', { name: 'Actions' })).toHaveTextContent('Alt + right click opens the browser’s menu');
  });

  it('selects with a tap on the drawn box, which is no second control inside the option', () => {
    onPhone();
    const { props } = renderBrowser({ compact: true });
    const option = itemNamed('file-1.pdf');
    const box = within(option).getByTestId('fb-select');
    // Nothing inside an option takes focus or is announced as its own control: the option says it is selected.
    expect(option.querySelector('input, button, [tabindex]:not([tabindex="-1"])')).toBeNull();
    expect(box).toHaveAttribute('aria-hidden', 'true');
    fireEvent.click(box);
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(props.onOpenFile).not.toHaveBeenCalled();
    fireEvent.click(box);
    expect(option).toHaveAttribute('aria-selected', 'false');
  });
});
