import { describe, expect, it } from 'vitest';
import { isStopReply, ukMobileOf } from './sms-replies';

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
