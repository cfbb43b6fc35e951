/**
 * UK registration marks (VRMs): the shapes the product accepts, and how they are written.
 * Shared by the app (form validation, URLs) and the platform (lookups), so both agree on what a
 * registration is. Whether a registration exists is for the lookup to decide, not the shape.
 */

export const VRM_MAX_LENGTH = 10;
export const VRM_INVALID_MESSAGE = 'Enter a valid UK vehicle registration';

/** The formats of docs/behaviour/entry.md#registration-rules: AB12CDE, A123BCD, ABC123D, 1234AB, 123ABC, AB1234, ABC123, ABC1234. */
const FORMATS = [
  { kind: 'current', pattern: /^([A-Z]{2}[0-9]{2})([A-Z]{3})$/ },
  { kind: 'prefix', pattern: /^([A-Z][0-9]{1,3})([A-Z]{3})$/ },
  { kind: 'suffix', pattern: /^([A-Z]{3})([0-9]{1,3}[A-Z])$/ },
  { kind: 'dateless', pattern: /^([0-9]{1,4})([A-Z]{1,3})$/ },
  { kind: 'dateless', pattern: /^([A-Z]{1,3})([0-9]{1,4})$/ },
] as const;

export type VrmFormat = (typeof FORMATS)[number]['kind'];

/** Upper case, whitespace removed: the form every layer stores and compares. */
export function normaliseVrm(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

export function vrmFormat(input: string): VrmFormat | null {
  const vrm = normaliseVrm(input);
  for (const { kind, pattern } of FORMATS) if (pattern.test(vrm)) return kind;
  return null;
}

export function isValidVrm(input: string): boolean {
  return vrmFormat(input) !== null;
}

/** The registration as printed on a plate: 'AB12 CDE', 'A123 BCD', 'ABC 123D', '1234 AB'. */
export function formatVrm(input: string): string {
  const vrm = normaliseVrm(input);
  for (const { pattern } of FORMATS) {
    const match = pattern.exec(vrm);
    if (match) return `${match[1]} ${match[2]}`;
  }
  return vrm;
}
