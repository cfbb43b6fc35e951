import { PHOTO_SLOTS } from '../../../contract/documents';
import { PREPARATION_ALLOWANCE, TARIFF } from '../../../contract/price-rules';
import type { CollectionDayView, PostSaleOffer } from '../../../contract/sale';
import { formatPounds } from '~/lib/format';

/**
 * Collection day on the review-status page: the dealer's revised offer and the handover
 * inspection, rendered on the server (ServerMarkup, ADR 025) so that neither the tariff nor these
 * words travel in the page's scripts. Forms are plain forms: the page's ServerMarkup posts them in
 * the app when scripts run.
 */

/**
 * The revised offer as the page shows it, worked out here so that the tariff and the photo slots
 * stay on the server (the page's scripts carry only what it renders).
 */
export function revisedOfferView(offer: PostSaleOffer) {
  const label = (slot: string | null) => PHOTO_SLOTS.find((s) => s.id === slot)?.label ?? slot ?? '';
  const itemsTotal = offer.items.reduce((sum, item) => sum + item.amount, 0);
  const damage = offer.items.filter((item) => TARIFF[item.tariff]?.damage).reduce((sum, item) => sum + item.amount, 0);
  return {
    ...offer,
    items: offer.items.map((item) => ({ ...item, slotLabel: label(item.slot) })),
    itemsTotal,
    allowance: Math.min(damage, PREPARATION_ALLOWANCE),
  };
}
type RevisedOfferView = ReturnType<typeof revisedOfferView>;

/** The dealer's proposal, item by item: the tariff's line and amount, the profile's photo beside the inspector's. */
export function RevisedOfferPart({ vrm, offer }: { vrm: string; offer: RevisedOfferView }) {
  const { itemsTotal, allowance } = offer;
  return (
    <div className="revised" data-testid="revised-offer">
      <h2 id="revised-title">
        The dealer proposes {formatPounds(offer.proposedAmount)} (agreed {formatPounds(offer.agreedAmount)})
      </h2>
      <p>
        At the handover {offer.dealer?.name ?? 'the dealer'} found {offer.items.length === 1 ? 'something' : 'things'} your profile did not
        show. Each item is priced by our <a href="/how-we-value#price-rules">published tariff</a>, not by the dealer. Nothing changes unless
        you approve.
      </p>
      <ol className="revised-items">
        {offer.items.map((item, index) => (
          <li key={`${item.tariff}-${index}`} data-testid={`revised-item-${item.tariff}`}>
            <p>
              <strong>{item.label}</strong> ({item.unit}): {item.detail}.{' '}
              {item.count > 1
                ? `${item.count} × ${formatPounds(item.amount / item.count)} = ${formatPounds(item.amount)}`
                : formatPounds(item.amount)}
            </p>
            {item.slot ? (
              <div className="photo-pair">
                <figure>
                  <img src={`/${vrm}/photos/profile/${item.slot}`} alt={`Your profile photo: ${item.slotLabel}`} width="136" height="102" />
                  <figcaption>Your photo ({item.slotLabel})</figcaption>
                </figure>
                {item.collectionPhoto ? (
                  <figure>
                    <img
                      src={`/${vrm}/photos/collection/${item.slot}`}
                      alt={`The dealer’s photo at collection: ${item.slotLabel}, ${item.detail}`}
                      width="136"
                      height="102"
                    />
                    <figcaption>At collection</figcaption>
                  </figure>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <dl className="facts">
        <dt>Items</dt>
        <dd>{formatPounds(itemsTotal)}</dd>
        {allowance ? (
          <>
            <dt>Less the preparation allowance</dt>
            <dd>−{formatPounds(allowance)}</dd>
          </>
        ) : null}
        <dt>Off the agreed price</dt>
        <dd>{formatPounds(offer.agreedAmount - offer.proposedAmount)}</dd>
      </dl>
      <Refused offer={offer} />
      <div className="choices">
        <form method="post">
          <input type="hidden" name="offerId" value={offer.id} />
          <button className="btn" type="submit" name="intent" value="approve">
            Approve {formatPounds(offer.proposedAmount)}
          </button>
        </form>
        <form method="post">
          <input type="hidden" name="offerId" value={offer.id} />
          <button className="btn secondary" type="submit" name="intent" value="decline">
            Decline and keep my car
          </button>
        </form>
      </div>
      <p className="muted">
        If you decline, the sale ends and the car stays with you. There is no fee, and you can put it in the next daily sale.
      </p>
    </div>
  );
}

function Refused({ offer }: { offer: Pick<PostSaleOffer, 'refused'> }) {
  if (!offer.refused.length) return null;
  return (
    <div data-testid="refused-items">
      <h3>What our rules refused</h3>
      <ul>
        {offer.refused.map((item, index) => (
          <li key={`${item.tariff}-${index}`}>
            {item.detail}: {item.rule.charAt(0).toLowerCase() + item.rule.slice(1)}.
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The handover inspection, check by check, and what the rules refused when the agreed price stood. */
export function InspectionPart({ view }: { view: CollectionDayView }) {
  return (
    <div data-testid="inspection">
      <h2 id="inspection-title">The handover inspection</h2>
      <ul>
        {view.checks.map((check) => (
          <li key={check.check}>
            <strong>{check.title}</strong>: {check.result === 'as_described' ? '' : 'not as described. '}
            {check.detail}.
          </li>
        ))}
      </ul>
      {view.offer && view.offer.status !== 'proposed' ? (
        <>
          <p>
            {view.offer.status === 'refused'
              ? `The dealer asked to take money off; our rules refused every item, so the agreed ${formatPounds(view.offer.agreedAmount)} stands.`
              : view.offer.status === 'approved'
                ? `You approved ${formatPounds(view.offer.proposedAmount)} (agreed ${formatPounds(view.offer.agreedAmount)}).`
                : view.offer.status === 'declined'
                  ? 'You declined the revised offer: the car stayed with you.'
                  : 'The damage found was more than our rules let a dealer take off, so the dealer could only cancel.'}
          </p>
          <Refused offer={view.offer} />
        </>
      ) : null}
    </div>
  );
}
