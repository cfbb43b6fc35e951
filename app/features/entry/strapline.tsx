import { useRootData } from '~/features/shell/frame';
import { dealersCompete } from '~/lib/dealer-network';

// Its own module: the mileage step shows the strapline without the hero, and taking it from hero.tsx
// brought the hero and its error panel into that step's scripts (docs/performance.md).

/** The strapline, with the configured size of the dealer network; its '*' leads to the price disclaimer in the footer. */
export function Strapline() {
  const { dealerNetwork } = useRootData();
  return (
    <p className="strap">
      {dealersCompete(dealerNetwork)} to give you their best price
      <a href="#price-disclaimer" className="footnote" aria-label="About the best price">
        *
      </a>
      . Find your highest offer!
    </p>
  );
}
