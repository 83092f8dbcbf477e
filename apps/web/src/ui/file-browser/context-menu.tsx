import { useEffect, useRef, useState } from 'react';
import type { BrowserAction, ActionKey } from './browser-actions';
import { MENU_TRANSITION_MS } from './constants';
import './context-menu.css';

export interface MenuPlace {
  x: number;
  y: number;
  actions: BrowserAction[];
}

/**
 * The browser's own right-click menu, where the pointer was, with a hint that Alt plus right click opens
 * the browser's menu instead. It closes on Escape, a click elsewhere, a scroll or a choice.
 *
 * `keyboardHints` is false on a touch device: there the menu opens with a long press, and a hint about
 * a key and a mouse button a phone does not have would only puzzle.
 */
export const ContextMenu = ({
  place,
  keyboardHints,
  onChoose,
  onClose,
}: {
  place: MenuPlace | null;
  keyboardHints: boolean;
  onChoose: (key: ActionKey) => void;
  onClose: () => void;
}) => {
  const menu = useRef<HTMLDivElement>(null);
  // A closed menu fades out for MENU_TRANSITION_MS, hidden from assistive tech and the pointer meanwhile.
  const [leaving, setLeaving] = useState<MenuPlace | null>(null);
  const [shown, setShown] = useState(place);
  if (place !== shown) {
    if (!place && shown) setLeaving(shown);
    else if (place) setLeaving(null);
    setShown(place);
  }
  useEffect(() => {
    if (!leaving) return;
    const timer = window.setTimeout(() => setLeaving(null), MENU_TRANSITION_MS);
    return () => window.clearTimeout(timer);
  }, [leaving]);
  useEffect(() => {
    if (!place) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const away = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', escape);
    window.addEventListener('scroll', onClose, true);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', escape);
      window.removeEventListener('scroll', onClose, true);
    };
  }, [place, onClose]);
  const at = place ?? leaving;
  if (!at) return null;
  // Kept inside the window: a menu opened near the right or bottom edge opens leftwards or upwards.
  const left = Math.max(4, Math.min(at.x, window.innerWidth - 220));
  const top = Math.max(4, Math.min(at.y, window.innerHeight - (at.actions.length * 34 + (keyboardHints ? 56 : 16))));
  return (
    <div
      ref={menu}
      role="menu"
      aria-label="Actions"
      aria-hidden={place ? undefined : true}
      className={`herd-fb-menu${place ? '' : ' leaving'}`}
      style={{ left, top, animationDuration: `${MENU_TRANSITION_MS}ms` }}
    >
      {at.actions.map((action) => (
        <div
          key={action.key}
          role="menuitem"
          tabIndex={-1}
          aria-disabled={action.disabled || undefined}
          className={`herd-fb-menu-item${action.danger ? ' danger' : ''}`}
          onClick={() => {
            if (action.disabled || !place) return;
            onClose();
            onChoose(action.key);
          }}
          onKeyDown={(event) => {
            if ((event.key === 'Enter' || event.key === ' ') && !action.disabled) {
              event.preventDefault();
              onClose();
              onChoose(action.key);
            }
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];
              const at = items.indexOf(event.currentTarget);
              items[(at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
            }
          }}
        >
          {action.label}
        </div>
      ))}
      {keyboardHints ? <div className="herd-fb-menu-hint">Alt + right click opens the browser’s menu</div> : null}
    </div>
  );
};
