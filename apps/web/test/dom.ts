import { waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

/**
 * userEvent without its pointer-events check, which walks computed styles up
 * the tree on every event and makes antd-heavy pages crawl in jsdom. Disabled
 * controls still ignore clicks; tests assert `toBeDisabled()` where it matters.
 */
export const fastUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const isShown = (element: HTMLElement) => !element.closest('[style*="display: none"], .ant-dropdown-hidden, .ant-zoom-leave');

/**
 * The open dialog (a modal or a confirm), newest first, optionally the one
 * containing `text`. Role queries inside it stay fast however large the page;
 * `*ByRole` over a whole antd page takes seconds in jsdom.
 */
export const findDialog = (text?: string): Promise<HTMLElement> =>
  waitFor(() => {
    const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].filter((d) => isShown(d) && (!text || (d.textContent ?? '').includes(text)));
    const dialog = dialogs.at(-1);
    if (!dialog) throw new Error(`no open dialog${text ? ` containing "${text}"` : ''}`);
    return dialog;
  });

/** An item of the open dropdown menu, by its accessible name. */
export const findMenuItem = async (name: string | RegExp): Promise<HTMLElement> => {
  const menu = await waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-dropdown [role="menu"]')].filter(isShown).at(-1);
    if (!open) throw new Error('no open menu');
    return open;
  });
  return within(menu).findByRole('menuitem', { name });
};

/**
 * The table labelled `label` once it shows `text`, looked up again on each try rather than held from before its
 * rows came: a test then holds the table a person sees, whatever the table does to its elements while loading.
 */
export const tableShowing = (label: string, text: string): Promise<HTMLElement> =>
  waitFor(
    () => {
      const table = document.querySelector<HTMLElement>(`[aria-label="${label}"]`);
      if (!table || !within(table).queryByText(text)) throw new Error(`no table "${label}" showing "${text}"`);
      return table;
    },
    { timeout: 15_000 },
  );
