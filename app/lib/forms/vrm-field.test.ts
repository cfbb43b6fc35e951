import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { LookupSchema } from './validation.server';
import { vrmProblem } from './vrm-field';

/** What the server says about a typed registration (conform + zod, as the actions parse it). */
function serverSays(raw: string): string | null {
  const form = new FormData();
  form.set('vrm', raw);
  const submission = parseWithZod(form, { schema: LookupSchema });
  return submission.status === 'success' ? null : (submission.error?.vrm?.[0] ?? 'invalid');
}

describe('vrmProblem, the field check in the browser', () => {
  it.each([
    '',
    '   ',
    'KE19FTA',
    'ke19 fta',
    ' K E 1 9 F T A ',
    'nope!',
    'A123BCD',
    'ABC123D',
    '1234AB',
    'AB12CDEF',
    'ABCDEFGHIJKLMNOP',
    'A B C D E F G H',
    'KE19FTA   ',
  ])('says what the server says about %j', (raw) => {
    expect(vrmProblem(raw)).toBe(serverSays(raw));
  });
});
