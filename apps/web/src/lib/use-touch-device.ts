import { useMediaQuery } from './use-media-query';

/** A phone or tablet: a coarse pointer (a finger) or no hover at all, so most likely no keyboard either. */
const TOUCH_QUERY = '(hover: none), (pointer: coarse)';

/** Whether this is a touch device, kept up to date (a tablet may gain a keyboard and mouse). */
export const useTouchDevice = (): boolean => useMediaQuery(TOUCH_QUERY);
