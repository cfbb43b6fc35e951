import { describe, expect, it, vi } from 'vitest';
import { addLookup, updateLookup, type LookupVehicle } from './lookup-state';

const vehicle: LookupVehicle = {
  id: 1,
  vrm: 'KE19FTA',
  make: { display_name: 'Ford', slug: 'ford' },
  model: 'Fiesta',
  year: 2019,
  colour: 'Blue',
  fuel: 'Petrol',
  mileageEst: 52_000,
  mileageLastMot: 48_000,
  last_mot_date: '2026-03-10',
  firstRegistration: '2019-03',
  enquiry: { id: 7, mileage: null, expired: false, dpEnquiryId: 70, dpStateSlug: 'quoted', marketplaceEligible: null, partnerId: null },
};

describe('vehicle lookup state', () => {
  it('add stores a vehicle, replacing an earlier error', () => {
    const withError = addLookup(undefined, { resultError: { msg: 'invalid_vrm', vrm: 'AB99CDE' } });
    expect(addLookup(withError, { vehicle })).toEqual({ vehicle });
  });

  it('add stores an error, replacing an earlier vehicle', () => {
    expect(addLookup({ vehicle }, { resultError: { msg: 'vehicle_lookup_failed', vrm: 'ZZ11ZZZ' } })).toEqual({
      resultError: { msg: 'vehicle_lookup_failed', vrm: 'ZZ11ZZZ' },
    });
  });

  it('add with neither a vehicle nor an error changes nothing and warns', () => {
    const warn = vi.fn();
    expect(addLookup({ vehicle }, {}, warn)).toEqual({ vehicle });
    expect(warn).toHaveBeenCalled();
  });

  it('update merges into the vehicle, and warns without one', () => {
    expect(updateLookup({ vehicle }, { mileageEntered: 53_000 })?.vehicle?.mileageEntered).toBe(53_000);
    const warn = vi.fn();
    expect(updateLookup(undefined, { mileageEntered: 1 }, warn)).toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });
});
