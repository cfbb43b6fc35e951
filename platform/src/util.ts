/** Small helpers the platform's modules share. */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A trimmed string from a JSON body field, or '' for anything else. */
export const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** FNV-1a: a stable number for a text, where a figure must be the same every time (not secret). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

/**
 * FNV-1a with a final avalanche (MurmurHash3's fmix32). Plain FNV's low bits depend only on the
 * low bits of each character, so `fnv1a(key) % n` repeats itself across similar keys; use this one
 * where a small modulus picks from a list.
 */
export function spreadHash(text: string): number {
  let h = fnv1a(text);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
