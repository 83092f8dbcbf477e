export { twilioSimulatorPlugin, createTwilioState, messagesTo, type TwilioState, type TwilioSimulatorOptions, type SandboxPhone, type SandboxViewer } from './server.js';
export { deliverIncomingText, repliesIn, signTwilioRequest, type DeliveredText, type IncomingMedia, type IncomingText, type DeliverOptions } from './incoming.js';
export type { TwilioMessage, TwilioError } from './messages.js';
export type { SandboxSender } from './pages.js';
export { snapshotTwilioState, restoreTwilioState, type TwilioSnapshot } from './snapshot.js';
