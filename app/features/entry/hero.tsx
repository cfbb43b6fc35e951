import { LookupErrorPanel } from '~/lib/server-markup';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { VrmForm } from '../shell/vrm-form';
import { useRootData } from '~/features/shell/frame';
import { dealersCompete } from '~/lib/dealer-network';
import type { HeroLookupPanel } from '~/features/entry/lookup-action.server';
import type { FormReply } from '~/lib/forms/use-form-reply';

/**
 * The strapline, with the configured size of the dealer network; its '*' leads to the price
 * disclaimer in the footer. By props, so that the mileage step can have it rendered by the server
 * alone (mileage-static.server.tsx) and leave the hero out of its scripts.
 */
export function Strapline({ dealerNetwork }: { dealerNetwork: string | null }) {
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

/** The hero with the VRM entry (docs/behaviour/entry.md#screens-and-routes): its title, the error panel of the last lookup, the form. */
export function Hero({
  title,
  action,
  panel,
  reply,
  text,
  children,
}: {
  title: string;
  /** Replaces the strapline (a landing page's own pitch). */
  text?: string;
  action: string;
  /** The last lookup's error panel, worded by the loader (heroLookupPanel). */
  panel: HeroLookupPanel | null;
  /**
   * The lookup's answer, which the registration field shows. The lookup answers only to refuse what
   * was typed: a found car, and a failed lookup's panel, come by a redirect.
   */
  reply: FormReply | null | undefined;
  children?: ReactNode;
}) {
  const { dealerNetwork } = useRootData();
  const hasError = !!panel || !!reply;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <h1 id="hero-title">{title}</h1>
      {text ? <p className="strap">{text}</p> : <Strapline dealerNetwork={dealerNetwork} />}
      {panel ? <LookupErrorPanel markup={panel.markup} /> : null}
      <VrmForm action={action} defaultVrm={panel?.vrm} lastResult={reply} buttonLabel={panel?.wrongReg ? 'Check again' : 'Value my car'} />
      {hasError ? null : (
        <p className="review-link">
          {/* No rating in words here: the hero has no reviews to back one; the reviews blocks state the computed figures. */}
          <Link to="/reviews">See what sellers say: read their reviews</Link>
        </p>
      )}
      {children}
    </section>
  );
}
