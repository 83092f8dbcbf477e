import type { AppDeps } from '../../../app-deps.js';
import type { Db } from '../../../db/client.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import type { Mailer } from '../../../mail/mailer.js';
import type { ReplyAddressing } from '../../../mail/reply-token.js';

/** What the people endpoints need: invitations are mailed now (the firm's own people) or by a job. */
export interface PeopleContext {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  jobs: JobQueue;
  /** Signs the Reply-To of emails that ask a client something, so their answer comes back to the thread. */
  replies: ReplyAddressing;
}

/** What the people endpoints reach of the app's dependencies. */
export type PeopleDeps = Pick<AppDeps, 'db' | 'mailer' | 'jobs' | 'config'>;

export const peopleContextOf = (deps: PeopleDeps): PeopleContext => ({
  db: deps.db,
  mailer: deps.mailer,
  appUrl: deps.config.appUrl,
  jobs: deps.jobs,
  replies: deps.config,
});
