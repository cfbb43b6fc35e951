import { BUYERS, type PartnerId } from '../../../contract/marketplace';

/**
 * The hand-off to a partner buyer for a car our dealers do not buy (docs/behaviour/data.md#entities, /checkout/{buyer}).
 * Server markup (ADR 025): a plain form, which the page's markup island posts in the app when scripts run.
 */
export function PartnerHandOff({ partner }: { partner: Exclude<PartnerId, 'kerbside'> }) {
  return (
    <form method="post" action={`/checkout/${partner}`} data-testid="partner">
      <p>
        Our dealers are not buying cars like this one right now, so we will pass your car to our {BUYERS[partner].name}, who can make you an
        offer.
      </p>
      <button className="btn" type="submit">
        Continue with our {BUYERS[partner].name}
      </button>
    </form>
  );
}
