import { parseBannerArgs, runBannerCommand } from './modules/platform/banners/banner.command.js';
import { runOperatorCommand } from './operator-command.js';

/** The operator's command for the banners across the top of Herd: `npm run banner -- create|list|end …`. */
runOperatorCommand(parseBannerArgs, (db, _config, command) => runBannerCommand(db, command));
