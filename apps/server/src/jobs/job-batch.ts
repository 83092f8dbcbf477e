import type { JobQueue, QueuedJob } from './job-queue.js';

/**
 * Jobs a request queues as it goes, sent together when it is done (`flush`): one statement for all
 * of them instead of one each. For code that queues through `send` (suggestions, notices) and a
 * caller that knows where the request's work ends.
 */
export const jobBatch = (jobs: Pick<JobQueue, 'sendEach'>) => {
  const queued: QueuedJob[] = [];
  const send: JobQueue['send'] = async (name, data, key) => {
    queued.push({ name, data, key } as QueuedJob);
  };
  return { send, flush: () => jobs.sendEach(queued.splice(0)) };
};
