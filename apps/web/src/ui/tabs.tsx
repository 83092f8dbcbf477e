import { useLayoutEffect, useRef } from 'react';
import { Tabs as AntTabs, type TabsProps, type TabsRef } from 'antd';

/**
 * antd's Tabs, with the list of tabs holding only tabs. antd gives the role of the list to the whole tab bar,
 * and with it to what the bar also holds: a link beside the tabs, the "more" button of tabs that do not fit a
 * phone. A screen reader then finds a list of tabs with things in it that are not tabs. The role (and its
 * orientation) moves to the element inside the bar that holds the tabs alone; nothing is drawn differently.
 */
export const Tabs = (props: TabsProps) => {
  const ref = useRef<TabsRef>(null);
  useLayoutEffect(() => {
    const bar = ref.current?.nativeElement?.querySelector(':scope > [role="tablist"]');
    const list = bar?.querySelector('[class$="-nav-list"]');
    if (!bar || !list) return;
    list.setAttribute('role', 'tablist');
    const orientation = bar.getAttribute('aria-orientation');
    if (orientation) list.setAttribute('aria-orientation', orientation);
    bar.removeAttribute('role');
    bar.removeAttribute('aria-orientation');
  });
  return <AntTabs ref={ref} {...props} />;
};
