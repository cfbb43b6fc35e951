import { Form } from '@remix-run/react';
import type { UlezResult } from './ulez-tool';

/** The result page's part that works in the browser: the way on to a valuation, under the result's views. */
export function UlezSell({ result: { vehicle } }: { result: UlezResult }) {
  return (
    <section className="card" aria-labelledby="value-title">
      <h2 id="value-title">Thinking of selling?</h2>
      <p>Dealers all over the UK bid in our daily sale, whether or not a car meets the ULEZ standard. Collection is free.</p>
      <Form method="post" action="/?index">
        <input type="hidden" name="vrm" value={vehicle.vrm} />
        <button className="btn" type="submit">
          Value my {vehicle.make}
        </button>
      </Form>
    </section>
  );
}
