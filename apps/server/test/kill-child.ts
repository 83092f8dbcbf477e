import { readFileSync } from 'node:fs';
import type { TransactionChange } from '@herd/contract';
import { fromPostgresUrl } from '../src/db/client.js';
import { resolveActor } from '../src/kernel/actor.js';
import { importBankCsv } from '../src/modules/books/csv-import/csv-import.service.js';
import { countRuleOverrides } from '../src/modules/books/rules/rules.face.js';
import { answerTransactions } from '../src/modules/books/transactions/transactions.service.js';

/**
 * A process doing one of the categorization loop's large writes, through the
 * same service functions the API calls, so that kill-safety.test.ts can kill
 * it part-way. Usage: kill-child.ts <database url> <job.json>
 */
export type KillChildJob =
  { kind: 'import-csv'; userId: number; companyPk: number; csvFile: string } | { kind: 'answer'; userId: number; companyPk: number; changes: TransactionChange[] };

const [url, jobFile] = process.argv.slice(2);
const job = JSON.parse(readFileSync(jobFile!, 'utf8')) as KillChildJob;
const database = fromPostgresUrl(url!);
const actor = await resolveActor(database.db, job.userId);
if (!actor) throw new Error(`no user ${job.userId}`);
// The write is what is killed here; the suggestion refresh it asks for afterwards is not under test.
const noJobs = { send: async () => {}, sendEach: async () => {} };
const result =
  job.kind === 'import-csv'
    ? await importBankCsv({ db: database.db, jobs: noJobs }, actor, {
        companyPk: job.companyPk,
        readFile: async () => ({ bytes: readFileSync(job.csvFile), fileName: 'bank.csv', fields: {} }),
      })
    : (await answerTransactions({ db: database.db, jobs: noJobs, countRuleOverrides }, actor, { side: 'client', companyPk: job.companyPk, changes: job.changes })).length;
process.stdout.write(`${JSON.stringify(result)}\n`);
await database.close();
