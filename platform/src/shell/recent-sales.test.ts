import { describe, expect, it } from 'vitest';
import { generateRegister } from '../../seed/generate.mjs';
import { makeOf } from '../providers/register';
import { postcodeAreaOf, RECENT_SALES_DAYS, seededSales, type SaleVehicle } from './recent-sales';

const DAY = 86_400_000;
const { vehicles } = generateRegister({ asOf: '2026-11-01' }) as { vehicles: (SaleVehicle & { sandbox_note: string | null })[] };
const fleet = vehicles.filter((v) => v.sandbox_note === null);
const now = new Date('2026-11-20T13:45:00Z');

describe('the seeded sales history', () => {
  it('is the same for the same register and clock', () => {
    expect(seededSales(fleet, now)).toEqual(seededSales([...fleet].reverse(), now));
  });

  it('lies within the last 60 days, newest first, each vehicle at most once', () => {
    const sales = seededSales(fleet, now);
    expect(sales.length).toBeGreaterThan(200);
    const times = sales.map((s) => Date.parse(s.sale.soldDate));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    expect(Math.min(...times)).toBeGreaterThan(now.getTime() - RECENT_SALES_DAYS * DAY);
    expect(new Set(sales.map((s) => s.id)).size).toBe(sales.length);
  });

  it('keeps a past day as it was when asked on a later day', () => {
    // A week later the window runs from 29 September; the days both windows hold are unchanged.
    const pastDays = (sales: ReturnType<typeof seededSales>) =>
      sales.filter((s) => s.sale.soldDate >= '2026-09-29' && s.sale.soldDate < '2026-11-20');
    const before = pastDays(seededSales(fleet, now));
    expect(before.length).toBeGreaterThan(200);
    expect(pastDays(seededSales(fleet, new Date(now.getTime() + 7 * DAY)))).toEqual(before);
  });

  it('shows a sale later today only once its time has come', () => {
    const endOfDay = seededSales(fleet, new Date('2026-11-20T23:59:59Z'));
    const later = endOfDay.filter((s) => Date.parse(s.sale.soldDate) > now.getTime());
    expect(later.length).toBeGreaterThan(0);
    for (const sale of later) expect(seededSales(fleet, now)).not.toContainEqual(sale);
  });

  it('gives the same sales of a make whether the register is narrowed first or the history afterwards', () => {
    const fords = fleet.filter((v) => makeOf(v.make).slug === 'ford');
    const all = seededSales(fleet, now).filter((s) => s.vehicle.makeSlug === 'ford');
    expect(all.length).toBeGreaterThan(5);
    expect(seededSales(fords, now)).toEqual(all);
  });

  it('prices each sale near the instant valuation and names the seller, the area and the picture', () => {
    for (const sale of seededSales(fleet, now)) {
      expect(sale.sale.soldPrice).toBeGreaterThanOrEqual(1_000); // the marketplace's minimum (contract/marketplace.ts)
      expect(sale.sale.soldPrice % 5).toBe(0);
      expect(sale.seller.firstName).toMatch(/^[A-Z][a-z]+$/);
      expect(sale.vehicle.postcodeArea).toMatch(/^[A-Z]{1,2}$/);
      expect(sale.vehicle.leadPhoto.url).toMatch(/^\/platform\/images\/vehicles\/[a-z]+-[a-z]+\.svg$/);
      expect(sale.vehicle.makeSlug).toBe(makeOf(sale.vehicle.make.toUpperCase()).slug);
    }
  });

  it('leaves out a car too new to sell and one the marketplace would not take', () => {
    const base = fleet.find((v) => v.vehicle_type === 'car')!;
    const brandNew = { ...base, vrm: 'NEW1', first_used_date: '2026-11-10' };
    const worthless = { ...base, vrm: 'OLD1', first_used_date: '2004-01-01', list_price: 2_000 };
    // Long enough a list that each day of the window holds some of them.
    const probes = Array.from({ length: 120 }, (_, i) => [
      { ...brandNew, vrm: `NEW${i}` },
      { ...worthless, vrm: `OLD${i}` },
    ]).flat();
    expect(seededSales(probes, now)).toEqual([]);
  });

  it('reads the postcode area from a postcode', () => {
    expect(postcodeAreaOf('LS1 4DY')).toBe('LS');
    expect(postcodeAreaOf('b33 8th')).toBe('B');
    expect(postcodeAreaOf('')).toBe('');
  });
});

describe('the areas parameter', () => {
  it('reads postcode areas, and refuses anything else', async () => {
    const { areasParam } = await import('./recent-sales');
    expect(areasParam(null)).toBeNull();
    expect(areasParam('')).toBeNull();
    expect(areasParam('b')).toEqual(['B']);
    expect(areasParam('E, EC,n')).toEqual(['E', 'EC', 'N']);
    expect(areasParam('B1')).toBe('invalid');
    expect(areasParam("B' OR 1=1")).toBe('invalid');
    expect(areasParam(Array(25).fill('A').join(','))).toBe('invalid');
    expect(areasParam(Array(24).fill('A').join(','))).toHaveLength(24);
  });
});
