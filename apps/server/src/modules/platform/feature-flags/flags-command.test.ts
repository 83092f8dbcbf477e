import { describe, expect, it } from 'vitest';
import { FLAGS_USAGE, parseFlagsArgs } from './flags.command.js';

describe('the flags command line', () => {
  it('reads list, on and off with or without a firm', () => {
    expect(parseFlagsArgs(['list'])).toEqual({ action: 'list', firmId: null });
    expect(parseFlagsArgs(['list', '--firm', '7'])).toEqual({ action: 'list', firmId: 7 });
    expect(parseFlagsArgs(['on', 'FEATURE_TRANSACTION_ANALYTICS', '--firm', '12'])).toEqual({ action: 'on', flag: 'FEATURE_TRANSACTION_ANALYTICS', firmId: 12 });
    expect(parseFlagsArgs(['--firm', '3', 'off', 'FEATURE_TRANSACTION_ANALYTICS'])).toEqual({ action: 'off', flag: 'FEATURE_TRANSACTION_ANALYTICS', firmId: 3 });
  });

  it.each([
    [[], FLAGS_USAGE],
    [['enable', 'FEATURE_TRANSACTION_ANALYTICS'], FLAGS_USAGE],
    [['on', 'FEATURE_MFA'], 'FEATURE_MFA is retired: every firm has what it gated.'],
    [['on'], `Unknown flag "".\n${FLAGS_USAGE}`],
    [['on', 'FEATURE_TELEPORT'], `Unknown flag "FEATURE_TELEPORT".\n${FLAGS_USAGE}`],
    [['on', 'FEATURE_TRANSACTION_ANALYTICS', 'extra'], FLAGS_USAGE],
    [['list', '--firm', 'abc'], `--firm takes a firm's number, not "abc".\n${FLAGS_USAGE}`],
    [['list', '--firm', '99999999999'], `--firm takes a firm's number, not "99999999999".\n${FLAGS_USAGE}`],
    [['list', '--firm'], `--firm takes a firm's number, not "".\n${FLAGS_USAGE}`],
  ])('refuses %o with a message that says how to write it', (args, message) => {
    expect(() => parseFlagsArgs(args)).toThrow(message);
  });
});
