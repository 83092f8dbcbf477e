import { useEffect, useState } from 'react';
import { HeldPicks } from '../../ui/held-picks';

/**
 * The editor's "Done": the button, and Ctrl+Enter (or Cmd+Enter) from anywhere in it, even inside a
 * field, unless `keys` is off. Either first lets every held Enter in the editor's pickers pick
 * (`HeldPicks`), so a category typed and entered before its list arrived is saved with the answer,
 * not dropped. `picks` goes to the editor's `HeldPicksContext`.
 */
export const useFinishAfterPicks = (finish: () => void, keys: boolean) => {
  const [picks] = useState(() => new HeldPicks());
  const [due, setDue] = useState(false);
  // Runs after the render that holds the picks' choices, so `finish` (that render's) saves them.
  useEffect(() => {
    if (!due) return;
    setDue(false);
    finish();
  }, [due, finish]);
  const finishAfterPicks = () => picks.afterPicks(() => setDue(true));

  useEffect(() => {
    if (!keys) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      picks.afterPicks(() => setDue(true));
    };
    // On the capture, before a picker holding an Enter keeps the key from its select.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [keys, picks]);
  return { picks, finishAfterPicks };
};
