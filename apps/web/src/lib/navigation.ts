/**
 * Leaves the single-page app for another site (Intuit's consent page). One
 * place, so tests can watch where the browser was sent.
 */
export const leaveAppFor = (url: string): void => {
  window.location.assign(url);
};
