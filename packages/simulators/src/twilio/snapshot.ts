import { bytesFromText, bytesToText, checkSnapshot, type SnapshotHeader } from '../shared/snapshot-format.js';
import type { DeliveredText, IncomingMedia } from './incoming.js';
import type { TwilioMessage } from './messages.js';
import { createTwilioState, type TwilioSimulatorOptions, type TwilioState } from './server.js';

const VERSION = 1;

interface MediaSnapshot {
  contentType: string;
  bytes: string;
}

/**
 * What the Twilio simulator holds that outlives a restart: the texts sent, the texts received
 * (with their media, served at Twilio's media URLs) and which texts carried a code the page never
 * shows.
 */
export interface TwilioSnapshot extends SnapshotHeader<'twilio'> {
  messages: TwilioMessage[];
  incoming: (Omit<DeliveredText, 'media'> & { media?: MediaSnapshot[] })[];
  media: [string, MediaSnapshot][];
  secret: string[];
}

const mediaToText = ({ contentType, bytes }: IncomingMedia): MediaSnapshot => ({ contentType, bytes: bytesToText(bytes) });
const mediaFromText = ({ contentType, bytes }: MediaSnapshot): IncomingMedia => ({ contentType, bytes: bytesFromText(bytes) });

export function snapshotTwilioState(state: TwilioState): TwilioSnapshot {
  return {
    kind: 'twilio',
    version: VERSION,
    messages: state.messages,
    incoming: state.incoming.map(({ media, ...text }) => ({ ...text, ...(media ? { media: media.map(mediaToText) } : {}) })),
    media: [...state.media].map(([key, media]) => [key, mediaToText(media)]),
    secret: [...state.secret],
  };
}

/** A simulator with `options` holding what the snapshot kept; throws on anything but a Twilio snapshot of this layout. */
export function restoreTwilioState(options: TwilioSimulatorOptions, snapshot: unknown): TwilioState {
  checkSnapshot(snapshot, 'twilio', VERSION);
  const saved = snapshot as TwilioSnapshot;
  const state = createTwilioState(options);
  state.messages.push(...saved.messages);
  state.incoming.push(...saved.incoming.map(({ media, ...text }) => ({ ...text, ...(media ? { media: media.map(mediaFromText) } : {}) })));
  for (const [key, media] of saved.media) state.media.set(key, mediaFromText(media));
  for (const sid of saved.secret) state.secret.add(sid);
  return state;
}
