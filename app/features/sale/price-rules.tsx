import { PRICE_RULES } from '../../../contract/price-rules';

// Its own module: only the offer pages show the rules.

/** The published rules of what can and cannot change the price at collection. */
export function PriceRules() {
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
    </section>
  );
}
