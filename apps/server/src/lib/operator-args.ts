/** A mistake in an operator command's arguments: its message says what is wrong and how to write them. */
export class OperatorUsageError extends Error {}

const ID_MAX = 2_147_483_647;

/** Takes `--firm <pk>` out of the arguments, answering the firm's number (or null when absent). */
export const takeFirmOption = (rest: string[], usage: string): number | null => {
  const at = rest.indexOf('--firm');
  if (at === -1) return null;
  const raw = rest[at + 1] ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > ID_MAX) throw new OperatorUsageError(`--firm takes a firm's number, not "${raw}".\n${usage}`);
  rest.splice(at, 2);
  return Number(raw);
};
