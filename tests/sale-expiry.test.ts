import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_SLOTS } from '../contract/documents';
import { mainText } from './support/browser';
import { file, jpeg } from './support/files';
import { newSeller, signUp, uniqueEmail, valueCar } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  // A sale of a few seconds; the offer stands for the real 48 hours, which the test moves the clock through.
  workers = await startWorkers({
    platformVars: { PROVIDER_LATENCY_MS: '0', SALE_START_DELAY_SECONDS: '1', SALE_WINDOW_SECONDS: '2' },
  });
});
afterAll(() => workers?.dispose());

const main = mainText;

describe('an offer left to expire', () => {
  it('lapses, cannot be accepted any more, and the car can be relisted', async () => {
    const seller = newSeller(workers);
    await valueCar(seller, 'KE19FTA', '65000');
    await signUp(seller, uniqueEmail('expiry'));
    const profile = '/KE19FTA/profile';
    await seller.post(`${profile}/features`, { intent: 'features', serviceHistory: 'partial' });
    await seller.post(`${profile}/finance`, { intent: 'finance', outstanding: 'no' });
    await seller.post(`${profile}/issues`, { intent: 'issues', declared: 'no' });
    await seller.post(`${profile}/keys`, { intent: 'keys', keys: '1' });
    for (const slot of PHOTO_SLOTS)
      await seller.post(`${profile}/photos`, { intent: 'photo', slot: slot.id, file: file(jpeg(), 'p.jpg', 'image/jpeg') });
    await seller.post(`${profile}/timeline`, { intent: 'enter-sale' });

    await workers.clock.advance(3_300);
    expect(main(await (await seller.get('/KE19FTA')).text())).toContain('Your highest offer is');
    // An hour before it lapses it can still be accepted; then the 48 hours are up.
    await workers.clock.advance(47 * 3_600_000);
    expect((await seller.get('/KE19FTA/accept-offer')).status).toBe(200);
    await workers.clock.advance(3_601_000);
    const lapsed = main(await (await seller.get('/KE19FTA')).text());
    expect(lapsed).toContain('The offer expired.');
    expect((await seller.get('/KE19FTA/accept-offer')).headers.get('location')).toBe('/KE19FTA');

    expect((await seller.post('/KE19FTA?index', { intent: 'relist' })).headers.get('location')).toBe('/KE19FTA');
    expect(main(await (await seller.get('/KE19FTA')).text())).toContain('Your car is in the next sale');
  }, 60_000);
});
