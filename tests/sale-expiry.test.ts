import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_SLOTS } from '../contract/documents';
import { mainText } from './support/browser';
import { file, jpeg } from './support/files';
import { newSeller, signUp, uniqueEmail, valueCar } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  // Offers that stand for 2 s instead of 48 hours.
  workers = await startWorkers({
    platformVars: { PROVIDER_LATENCY_MS: '0', SALE_START_DELAY_SECONDS: '1', SALE_WINDOW_SECONDS: '2', OFFER_VALID_SECONDS: '2' },
  });
});
afterAll(() => workers?.dispose());

const main = mainText;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    for (const slot of PHOTO_SLOTS) await seller.post(`${profile}/photos`, { intent: 'photo', slot: slot.id, file: file(jpeg(), 'p.jpg', 'image/jpeg') });
    await seller.post(`${profile}/timeline`, { intent: 'enter-sale' });

    await wait(3_300);
    expect(main(await (await seller.get('/KE19FTA')).text())).toContain('Your highest offer is');
    await wait(2_200);
    const lapsed = main(await (await seller.get('/KE19FTA')).text());
    expect(lapsed).toContain('The offer expired.');
    expect((await seller.get('/KE19FTA/accept-offer')).headers.get('location')).toBe('/KE19FTA');

    expect((await seller.post('/KE19FTA?index', { intent: 'relist' })).headers.get('location')).toBe('/KE19FTA');
    expect(main(await (await seller.get('/KE19FTA')).text())).toContain('Your car is in the next sale');
  }, 60_000);
});
