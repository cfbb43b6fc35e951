import type { AppLoadContext } from '@remix-run/cloudflare';
import { markupForNavigation, markupOf } from '~/lib/server-markup.server';
import { dealersCompete, formatDealerNetwork } from '~/lib/dealer-network';

/*
 * The home page's sections that are the same for everyone and do nothing in the browser: rendered
 * on the server only, kept by the browser as the document brought them (ServerMarkup, ADR 012).
 * Links are plain (ServerMarkup navigates them in the app); `data-discover` lets Remix learn their
 * routes ahead of a click, as it does for a <Link>.
 */

/** What the sections show from configuration: the same for every seller. */
export interface HomeStaticProps {
  /** The dealer network's figure (formatDealerNetwork). */
  dealerNetwork: string;
}

/** The inside of the benefits section. */
export function BenefitsContent({ dealerNetwork }: HomeStaticProps) {
  return (
    <>
      <h2 id="benefits-title">Why sellers choose us</h2>
      <ul className="benefits">
        <li>
          <strong>{dealersCompete(dealerNetwork)}</strong> for your car in a daily sale, so you see the highest offer.
        </li>
        <li>
          <strong>Free collection</strong> from your door, at a time that suits you.
        </li>
        <li>
          <strong>Paid fast</strong>: the money arrives within 24 hours of collection.
        </li>
        <li>
          <strong>No fee</strong> to the seller, and no obligation to accept an offer.
        </li>
      </ul>
    </>
  );
}

const STEPS = [
  { title: 'Value your car', text: 'Enter your reg and mileage for an instant valuation.' },
  { title: 'Build your profile', text: 'Add photos and details from your phone, guided step by step.' },
  { title: 'Dealers compete', text: 'Your car goes into the daily sale, where verified dealers bid for it.' },
  { title: 'Collected and paid', text: 'Accept the highest offer; the dealer collects for free and you are paid.' },
];

/** The inside of 'How it works': a slider of four steps, 1.2 on a phone and 1.5 on a tablet (CSS scroll-snap). */
export function StepsContent() {
  return (
    <>
      <h2 id="steps-title">How it works</h2>
      {/* Focusable: on a phone the row scrolls sideways, and a keyboard must be able to scroll it. */}
      <ol className="steps" tabIndex={0} aria-labelledby="steps-title">
        {STEPS.map((step, index) => (
          <li key={step.title} className="step">
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
      <p>
        <a href="/how-it-works" data-discover="true">
          More about how it works
        </a>
      </p>
    </>
  );
}

/** What the sections show, from the request's configuration. */
export function homeStaticProps(context: AppLoadContext): HomeStaticProps {
  return { dealerNetwork: formatDealerNetwork(context.config.dealerNetworkSize) };
}

const SECTIONS = { 'home-benefits': BenefitsContent, 'home-steps': StepsContent };

/** A section's markup in the home page's document: made once per isolate for its props. */
export function homeSectionMarkup(id: keyof typeof SECTIONS, props: HomeStaticProps): string {
  return markupOf(SECTIONS[id], props);
}

/** The sections' markup for a client-side navigation to the home page (null for a document load). */
export function homeStaticMarkup(context: AppLoadContext) {
  return markupForNavigation<keyof typeof SECTIONS, HomeStaticProps>(context, SECTIONS, homeStaticProps(context));
}
