import { describe, expect, it } from 'vitest';
import { lookupErrorStatus } from './lookup-errors';
import { ulezErrorPanel, ulezErrorStatus } from '../ulez/ulez-errors';

describe('the status of a page with a lookup panel', () => {
  it('says what kind of failure it was, and a platform outage is a 503 whatever its code', () => {
    expect(lookupErrorStatus('invalid_vrm')).toBe(400);
    expect(lookupErrorStatus('bad_request')).toBe(400);
    expect(lookupErrorStatus('vehicle_lookup_failed')).toBe(404);
    expect(lookupErrorStatus('exceeded')).toBe(409);
    expect(lookupErrorStatus('too_many_requests')).toBe(429);
    expect(lookupErrorStatus('compliance_service_error')).toBe(503);
    expect(lookupErrorStatus('bad_request', true)).toBe(503);
    expect(ulezErrorStatus('default')).toBe(503);
  });
});

describe('the ULEZ checker panels', () => {
  it('offer Refresh only where the spec shows one, and treat the default as a wrong reg', () => {
    expect(ulezErrorPanel('compliance_service_error', 'Kerbside')).toMatchObject({ title: 'In high demand', refresh: false });
    expect(ulezErrorPanel('bad_request', 'Kerbside')).toMatchObject({ title: 'Bad request', refresh: true, wrongReg: false });
    expect(ulezErrorPanel('default', 'Kerbside')).toMatchObject({ title: 'Did we get the reg right?', wrongReg: true, refresh: false });
    expect(ulezErrorPanel('exceeded', 'Kerbside')).toMatchObject({ manageVehicles: true });
    expect(ulezErrorPanel('not_available', 'Kerbside').title).toBe('Compliance status unavailable');
  });
});
