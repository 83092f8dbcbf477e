export { twilioSimulatorPlugin, createTwilioState, messagesTo, type TwilioState, type TwilioSimulatorOptions } from './server.js';
export type { TwilioMessage, TwilioError } from './messages.js';
