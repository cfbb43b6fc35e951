import { SCSUBTAB } from './vocalink/scsubtab';
import { VALACDOS, VALACDOS_VERSION } from './vocalink/valacdos';

/**
 * The Pay.UK (Vocalink) modulus-checking tables, valacdos (weights) and scsubtab (sort-code
 * substitutions), bundled as published (contract/vocalink/, whose README records the version,
 * where the copy came from and its checksum). Vocalink replaces the weight table several times a
 * year; bank-details.test.ts checks every row still parses and the published test cases pass.
 */

export interface WeightRowData {
  start: number;
  end: number;
  method: 'MOD10' | 'MOD11' | 'DBLAL';
  weights: readonly number[];
  exception: number | null;
}

export const MODULUS_TABLE_VERSION = VALACDOS_VERSION;

const METHODS = new Set(['MOD10', 'MOD11', 'DBLAL']);

/**
 * One row: sort code from, sort code to, method, 14 weights (u v w x y z a b c d e f g h), and an
 * exception number when there is one. A row that does not read that way is an error, never
 * skipped: a silently dropped row would wave through every account at that bank.
 */
export function parseWeightTable(text: string): readonly WeightRowData[] {
  const rows = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const fields = line.trim().split(/\s+/);
      const [start, end, method, ...rest] = fields;
      const numbers = rest.map(Number);
      const valid =
        /^\d{6}$/.test(start ?? '') &&
        /^\d{6}$/.test(end ?? '') &&
        METHODS.has(method ?? '') &&
        (rest.length === 14 || rest.length === 15) &&
        rest.every((field) => /^-?\d+$/.test(field)) &&
        Number(start) <= Number(end);
      if (!valid) throw new Error(`Modulus weight table, row ${index + 1}, does not read as a row: ${line}`);
      return Object.freeze({
        start: Number(start),
        end: Number(end),
        method: method as WeightRowData['method'],
        weights: Object.freeze(numbers.slice(0, 14)),
        exception: numbers[14] ?? null,
      });
    });
  return Object.freeze(rows);
}

export function parseSubstitutions(text: string): ReadonlyMap<string, string> {
  const pairs = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [from, to, extra] = line.trim().split(/\s+/);
      if (!/^\d{6}$/.test(from ?? '') || !/^\d{6}$/.test(to ?? '') || extra !== undefined) {
        throw new Error(`Sort code substitution table: ${line}`);
      }
      return [from!, to!] as const;
    });
  return new Map(pairs);
}

/** Parsed on first use, frozen so that no check can change the next one's answer. */
export function weightRowData(): readonly WeightRowData[] {
  return parseWeightTable(VALACDOS);
}

export function substitutionData(): ReadonlyMap<string, string> {
  return parseSubstitutions(SCSUBTAB);
}
