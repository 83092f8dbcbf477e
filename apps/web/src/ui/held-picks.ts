import { createContext } from 'react';

/**
 * Enters pressed in a search select before any option matched, still waiting for the server's answer
 * to pick one (`SearchSelect`). A form around such selects waits for them before it saves, so typing a
 * fragment, Enter and Ctrl+Enter at keyboard speed saves what was typed even on a slow connection or a
 * server that has just started.
 */
export class HeldPicks {
  private waiting = 0;
  private then: (() => void)[] = [];

  /** One more pick waits; the function returned says it is over (picked or given up). A second call does nothing. */
  hold(): () => void {
    this.waiting += 1;
    let over = false;
    return () => {
      if (over) return;
      over = true;
      this.waiting -= 1;
      if (this.waiting > 0) return;
      const then = this.then;
      this.then = [];
      for (const run of then) run();
    };
  }

  /** Runs `next` now when no pick waits, else once the last one is over. */
  afterPicks(next: () => void): void {
    if (this.waiting === 0) next();
    else this.then.push(next);
  }
}

/** The held picks of the form around (none outside such a form). */
export const HeldPicksContext = createContext<HeldPicks | null>(null);
