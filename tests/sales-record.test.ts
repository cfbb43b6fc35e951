import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimilarSoldVehicles, VehicleInsights } from '../contract/vehicles';
import { textOf } from './support/browser';
import { newSeller, sessionData, valueCar } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

/**
 * The sales record beside the valuation (docs/behaviour/entry.md#the-sales-record): the platform's
 * answers, the vehicle page that shows them (the client here runs no scripts, so the page is
 * complete), and a sale completed here changing both.
 */
let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '0' } });
});
afterAll(() => workers?.dispose());

const similarSold = async (vrm: string, mileage: number) => {
  const response = await workers.platform('/platform/premium-v3/enquiries/similarSoldVehicles', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ vrm, mileage }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as SimilarSoldVehicles;
};
const insights = async (id: number) =>
  (await (await workers.platform(`/platform/vehicles/vehicles/${id}/insights`)).json()) as VehicleInsights;
const pounds = (value: number) => `£${value.toLocaleString('en-GB')}`;
const soldSection = (html: string) => {
  const start = html.indexOf('id="similar-title"');
  return start < 0 ? '' : textOf(html.slice(start - 40, html.indexOf('</section>', start)));
};

/** Records a sale completed here, as post-sale does when the dealer pays: the car, its mileage, the price and the buyer. */
async function completeSale(vrm: string, mileage: number, price: number, dealerId: number) {
  const now = await workers.clock.now();
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const vehicle = await workers.db
    .prepare('INSERT INTO vehicles (vrm) VALUES (?1) ON CONFLICT (vrm) DO UPDATE SET vrm = excluded.vrm RETURNING id')
    .bind(vrm)
    .first<{ id: number }>();
  const enquiry = await workers.db
    .prepare(
      `INSERT INTO enquiries (vehicle_id, vrm, owner_key, mileage, status, created_at, updated_at, expires_at)
       VALUES (?1, ?2, 'customer:999999', ?3, 'sold', ?4, ?4, ?4) RETURNING id`,
    )
    .bind(vehicle!.id, vrm, mileage, at(3 * 86_400_000))
    .first<{ id: number }>();
  await workers.db
    .prepare(
      `INSERT INTO sales (enquiry_id, seed, valuation, reserve, starts_at, ends_at, offer_amount, offer_dealer_id, outcome, paid_at, created_at)
       VALUES (?1, 1, ?2, ?2, ?3, ?4, ?2, ?5, 'accepted', ?6, ?6)`,
    )
    .bind(enquiry!.id, price, now.getTime() - 3 * 86_400_000, now.getTime() - 2 * 86_400_000, dealerId, at(3_600_000))
    .run();
}

describe('similar sold vehicles', () => {
  it('answers with up to six cars of the same make and model, nearest first, and nothing that names a car or a seller', async () => {
    const answer = await similarSold('KE19FTA', 65_000);
    expect(answer).toMatchObject({ make: 'Ford', model: 'Fiesta', periodDays: 365 });
    expect(answer.vehicles.length).toBeGreaterThan(0);
    expect(answer.vehicles.length).toBeLessThanOrEqual(6);
    expect(answer.salesOfModel).toBeGreaterThanOrEqual(answer.vehicles.length);
    for (const car of answer.vehicles) {
      expect(Object.keys(car).sort()).toEqual(['mileage', 'soldMonth', 'soldPrice', 'year']);
      expect(car.soldMonth).toMatch(/^\d{4}-\d{2}$/);
    }
    expect(JSON.stringify(answer)).not.toMatch(/"vrm"|firstName|dealer/i);
  });

  it('refuses what is not a registration or a mileage, and says so of a car the register does not hold', async () => {
    const post = (body: unknown) =>
      workers.platform('/platform/premium-v3/enquiries/similarSoldVehicles', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ vrm: 'not a reg!', mileage: 1 })).status).toBe(400);
    expect((await post({ vrm: 'KE19FTA', mileage: -1 })).status).toBe(400);
    expect((await post({ vrm: 'ZZ99ZZZ', mileage: 1000 })).status).toBe(404);
    expect((await workers.platform('/platform/vehicles/vehicles/999999/insights')).status).toBe(404);
  });
});

describe('the vehicle page beside the valuation', () => {
  it('lists the record’s cars and the dealers who bought them, and a sale completed here changes both', async () => {
    const seller = newSeller(workers);
    await valueCar(seller, 'KE19FTA', '65000');
    const vehicleId = (await sessionData(seller)).lookup.vehicle.id as number;

    const before = await similarSold('KE19FTA', 65_000);
    const counted = await insights(vehicleId);
    const page = soldSection(await (await seller.get('/KE19FTA')).text());
    expect(page).toContain('Cars like yours that sold');
    for (const car of before.vehicles) expect(page).toContain(`${pounds(car.soldPrice)} for a ${car.year} Ford Fiesta`);
    expect(page).toContain(`of ${before.salesOfModel} Ford Fiesta sales in the last 12 months`);
    expect(page).toMatch(/How we value/);
    if (counted.sales > 0) {
      expect(page).toContain(`In the last 90 days, ${counted.sales} Ford Fiesta sale${counted.sales === 1 ? '' : 's'} through Kerbside`);
    }

    // A seller here sells a Fiesta just like this one, to a dealer; the record takes it in at once.
    await completeSale('KE19FTA', 65_000, 4_321, 9_999);
    const after = await similarSold('KE19FTA', 65_000);
    expect(after.salesOfModel).toBe(before.salesOfModel + 1);
    expect(after.vehicles[0]).toMatchObject({ soldPrice: 4_321, mileage: 65_000, year: 2019 });
    const recounted = await insights(vehicleId);
    expect(recounted).toMatchObject({ sales: counted.sales + 1, dealers: counted.dealers + 1 });

    const updated = soldSection(await (await seller.get('/KE19FTA')).text());
    expect(updated).toContain('£4,321 for a 2019 Ford Fiesta with 65,000 miles');
    expect(updated).toContain(`of ${before.salesOfModel + 1} Ford Fiesta sales`);
    expect(updated).toContain(`${recounted.sales} Ford Fiesta sales through Kerbside went to ${recounted.dealers} different dealers`);
  });

  it('says when a model has too few sales rather than padding the list with other cars', async () => {
    // A model of the register with fewer than three sales in the record, found from the record itself.
    const { results } = await workers.db
      .prepare(
        `SELECT make, model, MIN(vrm) AS vrm FROM register_vehicles WHERE sandbox_note IS NULL AND vehicle_type = 'car'
          GROUP BY make, model ORDER BY COUNT(*), make, model`,
      )
      .all<{ make: string; model: string; vrm: string }>();
    let thin: { vrm: string; answer: SimilarSoldVehicles } | null = null;
    for (const row of results) {
      const answer = await similarSold(row.vrm, 30_000);
      if (answer.salesOfModel < 3) {
        thin = { vrm: row.vrm, answer };
        break;
      }
    }
    expect(thin, 'the register has a model with fewer than three sales').not.toBeNull();
    const { vrm, answer } = thin!;
    expect(answer.vehicles).toHaveLength(answer.salesOfModel);
    expect(answer.vehicles.length).toBeLessThan(3);

    // The mileage step takes no less than the last MOT read: value it at the register's estimate.
    const { mileageEst } = (await (await workers.platform(`/platform/vehicles/${vrm}`)).json()) as { mileageEst: number };
    const seller = newSeller(workers);
    await valueCar(seller, vrm, String(mileageEst + 1000));
    const page = soldSection(await (await seller.get(`/${vrm}`)).text());
    const name = `${answer.make} ${answer.model}`;
    expect(page).toContain(
      answer.salesOfModel === 0
        ? `No ${name} has sold in our daily sale in the last 12 months`
        : `Only ${answer.salesOfModel} ${name} sale`,
    );
    expect(page.match(/£[\d,]+ for a /g) ?? []).toHaveLength(answer.vehicles.length);
  });
});
