import { CAP_SHARE, PREPARATION_ALLOWANCE, PRICE_RULES, TARIFF, WEAR_AND_TEAR } from '../../../contract/price-rules';

// Its own module: only the offer pages and /how-we-value show the rules.

/** The published rules of what can and cannot change the price at collection, with the tariff that prices every item. */
export function PriceRules({ tariff = false }: { tariff?: boolean }) {
  return (
    <section className="card" aria-labelledby="price-rules-title">
      <h2 id="price-rules-title">What can change the price at collection</h2>
      <p>The dealer checks the car against your profile and photos. Only these can change the price:</p>
      <ul>
        {PRICE_RULES.can.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <p>These never can:</p>
      <ul>
        {PRICE_RULES.cannot.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      {tariff ? <Tariff /> : <a href="/how-we-value#tariff">The tariff: what each item can take off</a>}
    </section>
  );
}

function Tariff() {
  return (
    <>
      <h3 id="tariff">The tariff</h3>
      <p>
        What a dealer may take off for each item the handover finds that you did not declare and your photos do not show. The first £
        {PREPARATION_ALLOWANCE} of damage is the dealer&rsquo;s to put right, and no revised offer can take off more than {CAP_SHARE * 100}%
        of the agreed price: above that the dealer can only cancel. You choose whether to accept a revised offer; declining costs nothing.
      </p>
      <table className="tariff">
        <caption className="sr-only">The tariff</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(TARIFF).map(([id, line]) => (
            <tr key={id}>
              <td>
                {line.label}
                {line.unit === 'once' ? null : <span className="muted"> ({line.unit})</span>}
              </td>
              <td>£{line.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Wear and tear for the age and mileage is never an item, for example:</p>
      <ul>
        {Object.values(WEAR_AND_TEAR).map((wear) => (
          <li key={wear}>{wear}</li>
        ))}
      </ul>
    </>
  );
}
