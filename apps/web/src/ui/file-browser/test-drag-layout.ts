import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { LIST_ROW_PX } from './constants';
import { itemNamed } from './test-browser';

/**
 * jsdom lays nothing out: each row is given the place the list would give it (one row height apart), each
 * crumb a place in a line above the rows, and the item area the window's height below them, so dnd-kit's
 * collision detection sees the pointer over a row, a crumb or the open folder as a browser would. Call
 * once at the top of a test file.
 */
export const layOutRowsAndCrumbs = () => {
  const original = Element.prototype.getBoundingClientRect;
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const row = [...document.querySelectorAll('[role="option"]')].indexOf(this);
      if (row >= 0) return rect(0, row * LIST_ROW_PX, 600, LIST_ROW_PX);
      const crumb = [...document.querySelectorAll('.herd-fb-crumb')].indexOf(this);
      if (crumb >= 0) return rect(crumb * 120, CRUMB_TOP, 100, 30);
      if (this.getAttribute('role') === 'listbox') return rect(0, 0, 600, window.innerHeight);
      // The drag's chip, at the corner of the overlay dnd-kit placed over the item picked up.
      const overlay = this.classList.contains('herd-fb-drag-chip') ? this.parentElement : null;
      if (overlay) return rect(parseFloat(overlay.style.left), parseFloat(overlay.style.top), 120, 24);
      return original.call(this);
    });
  });
  afterEach(async () => {
    // dnd-kit's pointer sensor swallows every click on the document while a drag lasts, and takes that
    // listener off 50 ms after the drag ends. A drag still held, or a test ended before those 50 ms ran,
    // left it there for whatever runs next in this worker (test files share one document): their clicks
    // reached nothing. Let go of any drag, then let the sensor clean up.
    act(() => void fireEvent.mouseUp(document));
    if (vi.isFakeTimers()) act(() => void vi.runOnlyPendingTimers());
    // Timers fire in the order they fall due: this one falls due after the sensor's.
    else await act(() => new Promise((resolve) => setTimeout(resolve, SENSOR_CLEANUP_MS)));
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
};

/** How long after a drag dnd-kit's pointer sensor keeps its document listeners (its own figure). */
const SENSOR_CLEANUP_MS = 50;
const CRUMB_TOP = -40;
const rect = (left: number, top: number, width: number, height: number) =>
  ({ x: left, y: top, top, left, width, height, right: left + width, bottom: top + height, toJSON: () => ({}) }) as DOMRect;

export const rowMiddle = (index: number) => index * LIST_ROW_PX + LIST_ROW_PX / 2;
export const crumbPoint = (index: number) => ({ clientX: index * 120 + 50, clientY: CRUMB_TOP + 15 });
export const toRow = (index: number) => ({ clientX: 100, clientY: rowMiddle(index) });
/** Presses on a row, moves the pointer to a point, one step at a time as a hand would. */
export const dragTo = (name: string, from: number, to: { clientX: number; clientY: number }) => {
  fireEvent.mouseDown(itemNamed(name), { button: 0, clientX: 100, clientY: rowMiddle(from) });
  for (const point of [{ clientX: 100, clientY: rowMiddle(from) + 8 }, { clientX: to.clientX, clientY: to.clientY - 4 }, to]) moveTo(point);
};
export const dragFromTo = (name: string, from: number, to: number) => dragTo(name, from, toRow(to));
export const moveTo = (point: { clientX: number; clientY: number }) => act(() => void fireEvent.mouseMove(document, point));
export const release = (to: { clientX: number; clientY: number }) => act(() => void fireEvent.mouseUp(document, to));
export const chip = () => document.querySelector('.herd-fb-drag-chip');
