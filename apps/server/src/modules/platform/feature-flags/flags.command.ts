import { FEATURE_FLAGS, RETIRED_FEATURE_FLAGS, type FeatureFlag } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { OperatorUsageError, takeFirmOption } from '../../../lib/operator-args.js';
import { listFirmsWithFlagSettings, saveFirmFlagSetting } from './feature-flags.queries.js';
import { effectiveFlags } from './feature-flags.service.js';

export const FLAGS_USAGE = `Usage: npm run flags -- list [--firm <pk>]
       npm run flags -- on <FLAG> [--firm <pk>]
       npm run flags -- off <FLAG> [--firm <pk>]
Without --firm, "on" and "off" set the flag for every firm there is.
Flags: ${FEATURE_FLAGS.join(', ')}.`;

export type FlagsCommand = { action: 'list'; firmId: number | null } | { action: 'on' | 'off'; flag: FeatureFlag; firmId: number | null };

/** Reads the operator's arguments, or says what is wrong with them and how to write them. */
export const parseFlagsArgs = (args: readonly string[]): FlagsCommand => {
  const rest = [...args];
  const firmId = takeFirmOption(rest, FLAGS_USAGE);
  const [action, flag, ...extra] = rest;
  if (action === 'list' && flag === undefined) return { action, firmId };
  if ((action === 'on' || action === 'off') && extra.length === 0) {
    if ((RETIRED_FEATURE_FLAGS as readonly string[]).includes(flag ?? '')) throw new OperatorUsageError(`${flag} is retired: every firm has what it gated.`);
    if (!(FEATURE_FLAGS as readonly string[]).includes(flag ?? '')) throw new OperatorUsageError(`Unknown flag "${flag ?? ''}".\n${FLAGS_USAGE}`);
    return { action, flag: flag as FeatureFlag, firmId };
  }
  throw new OperatorUsageError(FLAGS_USAGE);
};

const describeFirm = (defaults: readonly FeatureFlag[], firm: Awaited<ReturnType<typeof listFirmsWithFlagSettings>>[number]) => {
  const on = effectiveFlags(defaults, firm.settings);
  const flags = FEATURE_FLAGS.map((flag) => {
    const own = firm.settings.some((s) => s.flag === flag);
    return `${flag}=${on.includes(flag) ? 'on' : 'off'}${own ? '' : ' (default)'}`;
  });
  return `${firm.pk}\t${firm.companyName}\t${flags.join('  ')}`;
};

/** Carries out one command and answers the lines to print. */
export const runFlagsCommand = async (db: Db, defaults: readonly FeatureFlag[], command: FlagsCommand): Promise<string[]> => {
  const firms = await listFirmsWithFlagSettings(db, command.firmId);
  if (command.firmId !== null && firms.length === 0) throw new OperatorUsageError(`There is no firm ${command.firmId}.`);
  if (command.action === 'list') {
    const header = `Defaults (FEATURE_FLAGS): ${defaults.length ? defaults.join(', ') : 'none'}`;
    return [header, ...firms.map((firm) => describeFirm(defaults, firm))];
  }
  await saveFirmFlagSetting(
    db,
    firms.map((f) => f.pk),
    command.flag,
    command.action === 'on',
  );
  const whom = command.firmId === null ? `every firm (${firms.length})` : `firm ${command.firmId} (${firms[0]!.companyName})`;
  return [`${command.flag} is now ${command.action} for ${whom}.`];
};
