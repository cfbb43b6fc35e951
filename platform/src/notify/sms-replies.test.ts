import { describe, expect, it } from 'vitest';
import { isStopReply, signSmsReply, ukMobileOf } from './sms-replies';

describe('a reply to one of our texts', () => {
  it('stops texts on the words UK senders honour, however it is typed', () => {
    for (const text of ['STOP', 'stop', ' Stop. ', 'STOPALL', 'unsubscribe', 'End', 'cancel!', 'QUIT'])
      expect(isStopReply(text), text).toBe(true);
    for (const text of ['Thanks', 'please stop by', 'STOP IT', '', 'stopp']) expect(isStopReply(text), text).toBe(false);
  });

  it('is matched to the seller by the number it came from, written any usual way', () => {
    expect(ukMobileOf('+447400123456')).toBe('+447400123456');
    expect(ukMobileOf('07400 123456')).toBe('+447400123456');
    expect(ukMobileOf('447400123456')).toBe('+447400123456');
    expect(ukMobileOf('(07400) 123-456')).toBe('+447400123456');
    expect(ukMobileOf('01132 496000')).toBeNull(); // a landline gets no texts from us
    expect(ukMobileOf('+15551234567')).toBeNull();
  });
});

describe("the SMS provider's signature", () => {
  it('is Standard Webhooks: base64 HMAC-SHA256 of id, timestamp and body, keyed by a whsec_ secret’s decoded bytes', async () => {
    const { createHmac } = await import('node:crypto');
    const key = Buffer.from('a webhook key of thirty-two bytes');
    const expected = createHmac('sha256', key).update('msg_1.1700000000.{"text":"STOP"}').digest('base64');
    expect(await signSmsReply(`whsec_${key.toString('base64')}`, 'msg_1', '1700000000', '{"text":"STOP"}')).toBe(`v1,${expected}`);
    const plain = createHmac('sha256', 'plain-secret').update('msg_1.1700000000.{}').digest('base64');
    expect(await signSmsReply('plain-secret', 'msg_1', '1700000000', '{}')).toBe(`v1,${plain}`);
  });
});
