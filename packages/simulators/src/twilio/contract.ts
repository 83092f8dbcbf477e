import type { FastifyInstance } from 'fastify';
import { checkTrafficAgainstContract, openApiContract, type ContractRefusal } from '../contract-check/index.js';
import { twilioError } from './messages.js';

/** Twilio's published OpenAPI of its 2010-04-01 REST API, kept in `contracts/twilio/`. */
export const TWILIO_CONTRACT = 'twilio/twilio_api_v2010.json';

const NO_SUCH_PATH = /is not a path of the contract/;
const NO_SUCH_METHOD = /is not an operation of/;
const TO_MISSING = /must have required property 'To'/;
const UNKNOWN_NAME = /which the contract does not define here|is not one of .*'s parameters/;

/**
 * How Twilio refuses a request outside its API, in its error JSON (`code`, `message`, `more_info`,
 * `status`). The contract itself describes no error answers, so the codes are the ones Twilio gives
 * for each case: a path it has no resource for is 404 with 20404 (the words the simulator's own
 * not-found answers use), a method the resource does not take is 405 with 20004, a form without
 * `To` is 400 with 21604 (as `checkMessageForm` words it). A parameter Twilio does not know is one it
 * ignores in production, with warning 20001 ("Unknown parameters"); the simulator refuses it with
 * that code instead, since a misspelt parameter is exactly the mistake that must fail Herd's test.
 * Any other value outside the contract is Twilio's plain 400.
 */
export function refuseOutsideTwilioApi(problems: string[]): ContractRefusal {
  const said = problems.join(' ');
  const refusal = (status: number, code: number, message: string): ContractRefusal => ({ status, body: twilioError(status, code, message) });
  if (NO_SUCH_PATH.test(said)) return refusal(404, 20404, `The requested resource was not found: ${said}`);
  if (NO_SUCH_METHOD.test(said)) return refusal(405, 20004, `Method not allowed: ${said}`);
  if (TO_MISSING.test(said)) return refusal(400, 21604, "A 'To' phone number is required.");
  if (problems.every((problem) => UNKNOWN_NAME.test(problem))) return refusal(400, 20001, `Unknown parameters: ${said}`);
  return refusal(400, 400, `Bad request: ${said}`);
}

/**
 * The media of a text, where `MediaUrl{i}` of an incoming-message webhook points:
 * `…/Messages/{MessageSid}/Media/{MediaSid}` with no `.json`. The contract describes only the
 * Media resource's metadata (`…/Media/{Sid}.json`); the file itself is served by Twilio's media host
 * (the API answers this URL by sending the client there), outside the REST API the contract covers.
 */
const MEDIA_FILE = /^\/2010-04-01\/Accounts\/[^/]+\/Messages\/[^/]+\/Media\/[^/.]+$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Puts every request to the simulator's REST paths, and every JSON answer it gives, through Twilio's
 * OpenAPI. Its paths start at `/2010-04-01`, so what stands before it is the prefix the plugin is
 * mounted under (`/sandbox/twilio` in Herd's sandbox, nothing on its own server). The sandbox page
 * (`/`) and its phone form (`/incoming`) are the simulator's own and stand outside that base; the
 * media files are skipped for the reason above.
 */
export function checkTwilioTraffic(app: FastifyInstance): void {
  checkTrafficAgainstContract(app, {
    contract: openApiContract(TWILIO_CONTRACT),
    basePath: new RegExp(`^${escapeRegExp(app.prefix)}(?=/2010-04-01(/|$))`),
    refuse: refuseOutsideTwilioApi,
    skip: (path, request) => request.method === 'GET' && MEDIA_FILE.test(path),
  });
}
