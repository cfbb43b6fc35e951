import { describe, expect, it } from 'vitest';
import { LookupSchema } from './validation.server';

describe('the VRM field', () => {
  it('normalises what the seller typed', () => {
    expect(LookupSchema.parse({ vrm: ' ke19 fta ' })).toEqual({ vrm: 'KE19FTA' });
  });

  it.each(['NOT A REG', 'AB12CDEFGHIJK', '!!!'])('rejects %j with the spec message', (vrm) => {
    const result = LookupSchema.safeParse({ vrm });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter a valid UK vehicle registration');
  });

  it.each([undefined, '', '   '])('asks for %j with "Required"', (vrm) => {
    const result = LookupSchema.safeParse({ vrm });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Required']);
  });
});
