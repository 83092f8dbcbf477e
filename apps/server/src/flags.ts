import { parseFlagsArgs, runFlagsCommand } from './modules/platform/feature-flags/flags.command.js';
import { runOperatorCommand } from './operator-command.js';

/** The operator's command for feature flags: `npm run flags -- list|on|off FLAG [--firm pk]`. */
runOperatorCommand(parseFlagsArgs, (db, config, command) => runFlagsCommand(db, config.featureFlagDefaults, command));
