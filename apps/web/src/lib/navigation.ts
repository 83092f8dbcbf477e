/**
 * Leaves the single-page app for another site (a ledger's consent page). One
 * place, so tests can watch where the browser was sent.
 */
export const leaveAppFor = (url: string): void => {
  window.location.assign(url);
};

/**
 * Leaves for the address the server answered with (`{url}`: Intuit's or Xero's consent page, which
 * the server named). Resolves with it; the page stays as it is while the browser goes.
 */
export const leaveAppForAnswer = async (answer: Promise<{ url: string }>): Promise<string> => {
  const { url } = await answer;
  leaveAppFor(url);
  return url;
};
