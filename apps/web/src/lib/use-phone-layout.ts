import { useMediaQuery } from './use-media-query';

/** Below this width the side bar becomes a drawer and pages use the whole width. */
export const PHONE_LAYOUT_BELOW_PX = 768;

/** Whether the window is phone-sized (under 768 px wide), kept up to date as it is resized or turned. */
export const usePhoneLayout = (): boolean => useMediaQuery(`(max-width: ${PHONE_LAYOUT_BELOW_PX - 0.02}px)`);
