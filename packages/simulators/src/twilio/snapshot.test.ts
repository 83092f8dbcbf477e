import { describe, expect, it } from 'vitest';
import { newMessage } from './messages.js';
import { createTwilioState } from './server.js';
import { restoreTwilioState, snapshotTwilioState } from './snapshot.js';

const OPTIONS = { accountSid: 'AC00000000000000000000000000000001', authToken: 'token' };

describe('the Twilio simulator saved and restored', () => {
  it('keeps the texts sent and received, their media, and which carried a code', () => {
    const state = createTwilioState(OPTIONS);
    const sent = newMessage(OPTIONS.accountSid, new URLSearchParams({ To: '+14155550100', From: '+15005550006', Body: 'Your code is 123456' }), new Date());
    state.messages.push(sent);
    state.secret.add(sent.sid);
    const photo = { contentType: 'image/jpeg', bytes: Buffer.from([255, 216, 0, 1]) };
    state.incoming.push({
      sid: 'MM1',
      from: '+14155550100',
      to: '+15005550006',
      body: 'receipt',
      media: [photo],
      webhookStatus: 200,
      replies: ['Filed'],
      receivedAt: 'now',
    });
    state.media.set('MM1/ME1', photo);

    const restored = restoreTwilioState(OPTIONS, JSON.parse(JSON.stringify(snapshotTwilioState(state))));
    expect(restored.messages).toEqual(state.messages);
    expect(restored.incoming).toEqual(state.incoming);
    expect(restored.media).toEqual(state.media);
    expect(restored.secret).toEqual(state.secret);
  });
});
