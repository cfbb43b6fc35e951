import { normaliseVrm, vrmFormat } from '../../../contract/vrm';

/**
 * What DVLA would say about a registration's shape beyond the app's pattern check: marks that
 * cannot have been issued. The app lets these through (it only checks the shape), the register
 * rejects them: the sandbox's `invalid_vrm`.
 */

const NEVER_YEAR_LETTERS = new Set(['I', 'O', 'Q', 'U', 'Z']);
const NEVER_REGION_LETTERS = new Set(['I', 'Q', 'Z']);

/** 02–50 mean March of 2002–2050, 51–99 September of 2001–2049; issued once that month has come. */
export function isIssuableAgeIdentifier(age: number, now: Date): boolean {
  if (age < 2 || age > 99) return false;
  const issued = age <= 50 ? Date.UTC(2000 + age, 2, 1) : Date.UTC(1950 + age, 8, 1);
  return issued <= now.getTime();
}

export function issuedMarkProblem(input: string, now: Date): string | null {
  const vrm = normaliseVrm(input);
  const format = vrmFormat(vrm);
  if (!format) return 'not a UK registration mark';
  if (format === 'current') {
    if (NEVER_REGION_LETTERS.has(vrm[0]!) || NEVER_REGION_LETTERS.has(vrm[1]!)) return 'no such memory tag';
    if (!isIssuableAgeIdentifier(Number(vrm.slice(2, 4)), now)) return 'age identifier not issued';
    if (/[IQ]/.test(vrm.slice(4))) return 'I and Q are not used in the random letters';
  }
  if (format === 'prefix' && NEVER_YEAR_LETTERS.has(vrm[0]!)) return 'no such year letter';
  if (format === 'suffix' && NEVER_YEAR_LETTERS.has(vrm[vrm.length - 1]!)) return 'no such year letter';
  return null;
}
