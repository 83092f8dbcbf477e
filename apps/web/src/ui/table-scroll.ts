/**
 * A wide table's sideways scroll, only while it has rows. An empty table has nothing to scroll to, and a region
 * that scrolls with nothing in it to focus cannot be scrolled from the keyboard (on a phone, the headers alone
 * overflowed): without rows the table fits the screen instead.
 */
export const sidewaysScroll = (rows: number, x: number | 'max-content' = 'max-content'): { x: number | 'max-content' } | undefined => (rows > 0 ? { x } : undefined);
