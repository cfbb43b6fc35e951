import { describe, expect, it } from 'vitest';
import { issuedMarkProblem, isIssuableAgeIdentifier } from './plates';

const nov2026 = new Date('2026-11-21T12:00:00Z');

describe('issued registration marks', () => {
  it('knows which age identifiers have been issued by a date', () => {
    expect(isIssuableAgeIdentifier(76, nov2026)).toBe(true);
    expect(isIssuableAgeIdentifier(27, nov2026)).toBe(false);
    expect(isIssuableAgeIdentifier(76, new Date('2026-05-01'))).toBe(false);
    expect(isIssuableAgeIdentifier(26, new Date('2026-05-01'))).toBe(true);
  });

  it.each(['KE19FTA', 'KN76NEW', 'AB51CDE', 'AB02CDE', 'A123BCD', 'ABC123D', '1234AB', 'ABZ1234'])('accepts %s', (vrm) => {
    expect(issuedMarkProblem(vrm, nov2026)).toBeNull();
  });

  it.each([
    ['AB99CDE', 'age identifier not issued'],
    ['AB27CDE', 'age identifier not issued'],
    ['AB77CDE', 'age identifier not issued'],
    ['AB01CDE', 'age identifier not issued'],
    ['AB50CDE', 'age identifier not issued'],
    ['QA12BCD', 'no such memory tag'],
    ['AB12CQE', 'I and Q are not used in the random letters'],
    ['I123ABC', 'no such year letter'],
    ['ABC123U', 'no such year letter'],
  ])('rejects %s: %s', (vrm, problem) => {
    expect(issuedMarkProblem(vrm, nov2026)).toBe(problem);
  });
});
