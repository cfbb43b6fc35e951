import type { LandingPage, PartnerPage } from './landing-types';

/*
 * Partner pages under /sell-my-car/ and the branded affiliates of /partner/{partner} (docs/behaviour/routes.md#landing-routes,
 * docs/behaviour/data.md#entities). Facts about Kerbside come from the product brief. No partner's member offer could be
 * confirmed from public sources, so no page carries an `offer`: each says that any reward is set
 * out, with its terms, on the partner's own site. Add an `offer` only in the partner's published
 * words.
 */

type Section = LandingPage['sections'][number];

const HOW_IT_WORKS: Section = {
  heading: 'How selling with Kerbside works',
  paragraphs: [],
  points: [
    'Enter your registration and mileage for a free, instant valuation.',
    'Build your vehicle profile on your phone: photos, features, service history, keys, any finance and any damage.',
    '{dealerNetwork} verified dealers can bid in our daily online sale.',
    'See the highest offer and accept or decline it. No obligation, no fee.',
    "The dealer collects for free, and you're paid within 24 hours of collection.",
  ],
};

const PRICE_AT_COLLECTION: Section = {
  heading: 'What can change the price at collection',
  paragraphs: [
    'Only three things: damage you did not declare, beyond a £150 preparation allowance; a mileage more than 200 miles above the one you gave; or outstanding finance you did not tell us about. Nothing else.',
  ],
};

const GUIDES = ['getting-the-best-price', 'what-can-change-the-price-at-collection'];

/** A partner page: the partner's own welcome first, then how it works and the price promise. */
function partnerPage(page: {
  partnerName: string;
  title: string;
  description: string;
  heroTitle: string;
  heroText: string;
  welcome: Section;
}): PartnerPage {
  const { welcome, ...rest } = page;
  return { ...rest, sections: [welcome, HOW_IT_WORKS, PRICE_AT_COLLECTION], guides: GUIDES };
}

/** Where a partner may give something extra: say where its terms are, never what it is. */
const rewardTerms = (partner: string, reward: string) =>
  `If ${partner} gives ${reward} when you sell your car with Kerbside, you'll find the details and terms on ${partner}'s own site, and those terms apply. Check them there before you start.`;

export const PARTNER_PAGES: Record<string, PartnerPage> = {
  bluelightcard: partnerPage({
    partnerName: 'Blue Light Card',
    title: 'Blue Light Card members: sell your car',
    description: 'Welcome, Blue Light Card members. Get a free valuation and let {dealerNetwork} verified dealers bid for your car. Free collection, no fee.',
    heroTitle: 'Blue Light Card members: sell your car',
    heroText: 'A free valuation, {dealerNetwork} verified dealers bidding in a daily sale, and free collection. No fee to sell.',
    welcome: {
      heading: 'Welcome from Blue Light Card',
      paragraphs: [rewardTerms('Blue Light Card', 'its members a reward')],
    },
  }),

  cardoffers: partnerPage({
    partnerName: 'Card Offers',
    title: 'Sell your car: welcome from Card Offers',
    description: 'You found us through Card Offers. Get a free valuation and let {dealerNetwork} verified dealers bid for your car. Free collection, no fee.',
    heroTitle: 'Sell your car with Kerbside',
    heroText: 'You came to us through Card Offers. Enter your reg and mileage for a free valuation.',
    welcome: {
      heading: 'Welcome from Card Offers',
      paragraphs: [rewardTerms('Card Offers', 'a reward')],
    },
  }),

  gocompare: partnerPage({
    partnerName: 'GoCompare',
    title: 'Sell your car: welcome from GoCompare',
    description: 'Came from GoCompare? Get a free valuation and let {dealerNetwork} verified dealers bid for your car in a daily sale. Free collection, no fee.',
    heroTitle: 'Sell your car with Kerbside',
    heroText: 'You came to us from GoCompare. Enter your reg and mileage for a free, instant valuation.',
    welcome: {
      heading: 'Welcome from GoCompare',
      paragraphs: [
        'Kerbside is a way to sell your car to dealers: many of them bid for it in a daily online sale, and you choose whether to accept the highest offer.',
        rewardTerms('GoCompare', 'a reward'),
      ],
    },
  }),

  newday: partnerPage({
    partnerName: 'NewDay',
    title: 'Sell your car: welcome from NewDay',
    description: 'Came from NewDay? Get a free valuation and let {dealerNetwork} verified dealers bid for your car in a daily sale. Free collection, no fee.',
    heroTitle: 'Sell your car with Kerbside',
    heroText: 'You came to us through NewDay. Enter your reg and mileage for a free, instant valuation.',
    welcome: {
      heading: 'Welcome from NewDay',
      paragraphs: [rewardTerms('NewDay', 'its customers a reward')],
    },
  }),

  partnerprizedraw: partnerPage({
    partnerName: 'our prize draw partner',
    title: 'Prize draw: sell your car with Kerbside',
    description: "Here from a partner prize draw? The entry terms are on our partner's site. While you're here, get a free valuation for your car.",
    heroTitle: "Here from our partner's prize draw?",
    heroText: "The prize draw's entry terms are on our partner's site. While you're here, see what dealers would pay for your car.",
    welcome: {
      heading: 'About the prize draw',
      paragraphs: [
        "The prize draw's entry terms are on our partner's site, and those terms apply. Please check them there.",
        "Getting a valuation here is free and doesn't commit you to selling.",
      ],
    },
  }),

  moneysupermarket: partnerPage({
    partnerName: 'MoneySuperMarket',
    title: 'Sell your car: welcome from MoneySuperMarket',
    description: 'Came from MoneySuperMarket? Get a free valuation and let {dealerNetwork} verified dealers bid for your car in a daily sale. Free collection, no fee.',
    heroTitle: 'Sell your car with Kerbside',
    heroText: 'You came to us from MoneySuperMarket. Enter your reg and mileage for a free, instant valuation.',
    welcome: {
      heading: 'Welcome from MoneySuperMarket',
      paragraphs: [
        'Kerbside is a way to sell your car to dealers: many of them bid for it in a daily online sale, and you choose whether to accept the highest offer.',
        rewardTerms('MoneySuperMarket', 'a reward'),
      ],
    },
  }),

  podcasts: partnerPage({
    partnerName: 'our podcast partners',
    title: 'Heard about Kerbside on a podcast?',
    description: 'Heard about us on a podcast? Here is how Kerbside works: a free valuation, dealers bidding in a daily sale, free collection, no fee.',
    heroTitle: 'Heard about us on a podcast?',
    heroText: 'Thanks for listening. Enter your reg and mileage for a free, instant valuation.',
    welcome: {
      heading: 'Thanks for listening',
      paragraphs: [
        'Here is what you heard about, in plain words: you tell us about your car once, dealers bid for it in our daily online sale, and you decide whether to accept the highest offer. If you do, the dealer collects for free.',
      ],
    },
  }),

  quidco: partnerPage({
    partnerName: 'Quidco',
    title: 'Quidco members: sell your car',
    description: 'Welcome, Quidco members. Get a free valuation and let {dealerNetwork} verified dealers bid for your car in a daily sale. Free collection, no fee.',
    heroTitle: 'Quidco members: sell your car',
    heroText: 'A free valuation, {dealerNetwork} verified dealers bidding in a daily sale, and free collection. No fee to sell.',
    welcome: {
      heading: 'Welcome from Quidco',
      paragraphs: [
        rewardTerms('Quidco', 'cashback'),
        'Any cashback is paid by Quidco, not by Kerbside, so ask Quidco if you have a question about it.',
      ],
    },
  }),

  topcashback: partnerPage({
    partnerName: 'TopCashback',
    title: 'TopCashback members: sell your car',
    description: 'Welcome, TopCashback members. Get a free valuation and let {dealerNetwork} verified dealers bid for your car. Free collection, no fee.',
    heroTitle: 'TopCashback members: sell your car',
    heroText: 'A free valuation, {dealerNetwork} verified dealers bidding in a daily sale, and free collection. No fee to sell.',
    welcome: {
      heading: 'Welcome from TopCashback',
      paragraphs: [
        rewardTerms('TopCashback', 'cashback'),
        'Any cashback is paid by TopCashback, not by Kerbside, so ask TopCashback if you have a question about it.',
      ],
    },
  }),

  giveasyoulive: partnerPage({
    partnerName: 'Give as you Live',
    title: 'Give as you Live supporters: sell your car',
    description: 'Here from Give as you Live? Get a free valuation and let {dealerNetwork} verified dealers bid for your car. Free collection, no fee to sell.',
    heroTitle: 'Sell your car with Kerbside',
    heroText: 'You came to us from Give as you Live. Enter your reg and mileage for a free, instant valuation.',
    welcome: {
      heading: 'Welcome from Give as you Live',
      paragraphs: [rewardTerms('Give as you Live', 'a donation to your chosen cause')],
    },
  }),

  easyfundraising: partnerPage({
    partnerName: 'easyfundraising',
    title: 'easyfundraising supporters: sell your car',
    description: 'Here from easyfundraising? Get a free valuation and let {dealerNetwork} verified dealers bid for your car. Free collection, no fee to sell.',
    heroTitle: 'Sell your car with Kerbside',
    heroText: 'You came to us from easyfundraising. Enter your reg and mileage for a free, instant valuation.',
    welcome: {
      heading: 'Welcome from easyfundraising',
      paragraphs: [rewardTerms('easyfundraising', 'a donation to your chosen cause')],
    },
  }),

  kidstart: partnerPage({
    partnerName: 'KidStart',
    title: 'KidStart members: sell your car',
    description: 'Welcome, KidStart members. Get a free valuation and let {dealerNetwork} verified dealers bid for your car. Free collection, no fee to sell.',
    heroTitle: 'KidStart members: sell your car',
    heroText: 'A free valuation, {dealerNetwork} verified dealers bidding in a daily sale, and free collection. No fee to sell.',
    welcome: {
      heading: 'Welcome from KidStart',
      paragraphs: [rewardTerms('KidStart', 'its members a reward')],
    },
  }),
};

/** The affiliates with branding (docs/behaviour/data.md#entities), for /partner/{partner}. Names as the brands write them. */
export const AFFILIATES: Record<string, { name: string; showBranding: true }> = {
  yesauto: { name: 'YesAuto', showBranding: true },
  autoexpress: { name: 'Auto Express', showBranding: true },
  centralvehicle: { name: 'Central Vehicle', showBranding: true },
  carsitenetwork: { name: 'Car Site Network', showBranding: true },
  evo: { name: 'evo', showBranding: true },
  leasingcom: { name: 'Leasing.com', showBranding: true },
  regit: { name: 'Regit', showBranding: true },
  motiv: { name: 'Motiv', showBranding: true },
  checkcardetails: { name: 'Check Car Details', showBranding: true },
  quidco: { name: 'Quidco', showBranding: true },
};
