import { describe, expect, it } from 'vitest';
import { LENDER_SEARCH_LIMIT, LENDERS, lenderById, searchLenders } from './lenders';

describe('the lenders list', () => {
  it('gives every lender a unique slug, a source and the date it was checked', () => {
    expect(new Set(LENDERS.map((l) => l.id)).size).toBe(LENDERS.length);
    for (const lender of LENDERS) {
      expect(lender.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(lender.source.length, lender.id).toBeGreaterThan(20);
      expect(lender.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('keeps no phone numbers or addresses', () => {
    for (const lender of LENDERS) expect(JSON.stringify(lender)).not.toMatch(/\b0\d{3} ?\d{3} ?\d{4}\b|\b[A-Z]{1,2}\d{1,2} \d[A-Z]{2}\b/);
  });
});

describe('searchLenders', () => {
  it('finds a lender by the start of its name, any case', () => {
    expect(searchLenders('black')).toEqual([{ id: 'black-horse', name: 'Black Horse' }]);
    expect(searchLenders('MOTONOVO')[0]).toEqual({ id: 'motonovo', name: 'MotoNovo Finance' });
  });

  it('finds one by a word inside its name or another name it goes by', () => {
    expect(searchLenders('horse').map((l) => l.id)).toEqual(['black-horse']);
    expect(searchLenders('lloyds').map((l) => l.id)).toEqual(['black-horse']);
    expect(searchLenders('skoda').map((l) => l.id)).toEqual(['vwfs']);
  });

  it('puts names that start with the search before those that only contain it', () => {
    const ids = searchLenders('fin').map((l) => l.id);
    expect(ids.length).toBeGreaterThan(1);
    // "Finance" starts a word in every match here; substring-only matches would come after.
    expect(searchLenders('otonov').map((l) => l.id)).toEqual(['motonovo']);
  });

  it('answers at most eight, and nothing for a name it does not know', () => {
    expect(searchLenders('').length).toBe(LENDER_SEARCH_LIMIT);
    expect(searchLenders('Northway Finance Direct')).toEqual([]);
  });

  it('ignores punctuation', () => {
    expect(searchLenders('santander consumer (uk)').map((l) => l.id)).toEqual(['santander-consumer']);
  });

  it('looks a lender up by its slug', () => {
    expect(lenderById('close-brothers')?.settlementValidDays).toBe(28);
    expect(lenderById('nobody')).toBeNull();
  });
});
