import { AppError } from '../../../lib/errors.js';
import { KarbonAuthError, KarbonRateLimitError, KarbonRefusedError, KarbonUnexpectedAnswerError, KarbonUnreachableError } from './karbon.port.js';

/**
 * What Karbon said when it could not answer what a firm admin asked for (a resync, a link), as they
 * read it: never a 5xx of Herd's for Karbon's refusal, failure or stray answer. Anything else is
 * handed back as it is.
 */
export const karbonFailure = (err: unknown) => {
  if (err instanceof KarbonAuthError) return new AppError(409, 'Karbon no longer accepts this firm’s keys: disconnect Karbon and connect it again with new ones.');
  if (err instanceof KarbonUnexpectedAnswerError) return new AppError(502, `${err.message} Nothing was changed.`);
  if (err instanceof KarbonRateLimitError || err instanceof KarbonUnreachableError) return new AppError(503, `${err.message} Try again in a moment.`);
  if (err instanceof KarbonRefusedError) return new AppError(502, `Karbon refused the request (${err.status}): ${err.message}`);
  return err;
};

/** Runs `work`, turning Karbon's failures into the errors above. */
export const withKarbon = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    throw karbonFailure(err);
  }
};
