import { parseCreateAdminArgs, runCreateAdminCommand } from './modules/people/auth/create-admin.command.js';
import { runOperatorCommand } from './operator-command.js';

/** The operator's command for a firm and its first admin, where nobody can sign up by email: `npm run create-admin -- --email … --firm …`. */
runOperatorCommand(parseCreateAdminArgs, (db, config, command) => runCreateAdminCommand(db, config, command));
