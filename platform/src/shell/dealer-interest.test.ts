import { describe, expect, it } from 'vitest';
import { generateRegister } from '../../seed/generate.mjs';
import { seededInterest } from './dealer-interest';
import { seededSales, type SaleVehicle } from './recent-sales';
import { makeOf } from '../providers/register';
import { DEALERS } from '../providers/dealers';

const { vehicles } = generateRegister({ asOf: '2026-11-01' }) as { vehicles: (SaleVehicle & { sandbox_note: string | null })[] };
const fleet = vehicles.filter((v) => v.sandbox_note === null);
const now = new Date('2026-11-20T13:45:00Z');
const ofMake = (slug: string) => fleet.filter((v) => makeOf(v.make).slug === slug);

describe('dealer interest in a make', () => {
  it('counts one lot per seeded sale of the make, as the recent-sales carousel shows them', () => {
    const fords = ofMake('ford');
    expect(seededInterest(fords, now).lots).toBe(seededSales(fords, now).length);
    expect(seededInterest(fords, now).lots).toBeGreaterThan(0);
  });

  it('has bids only from dealers of the network, and is the same for the same clock', () => {
    const { bids } = seededInterest(ofMake('ford'), now);
    expect(bids.length).toBeGreaterThan(0);
    const ids = new Set(DEALERS.map((d) => d.id));
    for (const bid of bids) expect(ids.has(bid.dealerId)).toBe(true);
    expect(seededInterest(ofMake('ford'), now)).toEqual(seededInterest([...ofMake('ford')].reverse(), now));
  });

  it('draws van specialists to vans more than to hatchbacks', () => {
    const vans = fleet.filter((v) => v.vehicle_type === 'van');
    const vanDealers = new Set(DEALERS.filter((d) => d.specialities.includes('van')).map((d) => d.id));
    const share = (list: readonly SaleVehicle[]) => {
      const { bids } = seededInterest(list, now);
      return bids.filter((b) => vanDealers.has(b.dealerId)).length / Math.max(1, bids.length);
    };
    expect(share(vans)).toBeGreaterThan(share(fleet.filter((v) => v.vehicle_type === 'car')));
  });

  it('has nothing for a make with no vehicles', () => {
    expect(seededInterest([], now)).toEqual({ lots: 0, bids: [] });
  });
});
