import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import './plain/plain.css';

export interface TabStripItem<K extends string> {
  key: K;
  label: string;
  children: ReactNode;
}

interface TabStripProps<K extends string> {
  items: readonly TabStripItem<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  style?: CSSProperties;
}

/**
 * Tabs for a handful of short panels (the sign-in card), drawn like antd's
 * Tabs but without antd (colours from the plain screens' CSS variables): the
 * sign-in page downloads no antd, and antd's Tabs alone would bring a menu, a
 * dropdown and overflow measuring (about 20 KB compressed). A tab list
 * wider than the screen scrolls sideways inside itself instead of folding
 * tabs into a menu, its cut-off edge fading out to show there is more. Keyboard as the ARIA tabs pattern has it: arrows, Home and
 * End move between tabs and open the one reached. Only the open panel is
 * rendered, so a form in a closed one starts afresh.
 */
export const TabStrip = <K extends string>({ items, activeKey, onChange, style }: TabStripProps<K>) => {
  const id = useId();
  const tabs = useRef(new Map<K, HTMLButtonElement>());
  const list = useRef<HTMLDivElement>(null);
  const [cut, setCut] = useState({ start: false, end: false });
  const active = items.find((item) => item.key === activeKey) ?? items[0];

  /** Which edges of the list hide tabs, for the fade that says the list scrolls. */
  const measure = () => {
    const node = list.current;
    if (!node) return;
    const start = node.scrollLeft > 1;
    const end = node.scrollLeft + node.clientWidth < node.scrollWidth - 1;
    setCut((was) => (was.start === start && was.end === end ? was : { start, end }));
  };
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  const open = (key: K) => {
    onChange(key);
    const tab = tabs.current.get(key);
    tab?.focus();
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((item) => item.key === activeKey);
    const last = items.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    open(items[next]!.key);
  };

  return (
    <div style={style}>
      <div
        ref={list}
        role="tablist"
        className={['herd-tab-list', cut.start && 'herd-tab-list-cut-start', cut.end && 'herd-tab-list-cut-end'].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
        onScroll={measure}
      >
        {items.map((item) => {
          const selected = item.key === active?.key;
          return (
            <button
              key={item.key}
              ref={(node) => {
                if (node) tabs.current.set(item.key, node);
                else tabs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={selected ? `${id}-panel` : undefined}
              tabIndex={selected ? 0 : -1}
              className="herd-tab"
              onClick={() => open(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {/* Keyed by its tab: two tabs showing the same component (the card's two emailed-link forms) would otherwise share its state. */}
      {active && (
        <div key={active.key} role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active.key}`}>
          {active.children}
        </div>
      )}
    </div>
  );
};
