import type { LandingPage, Source } from './landing-types';

/*
 * Copy for /sell-my-car, its variants, /sell-my-van and /part-exchange (docs/behaviour/routes.md#landing-routes).
 * Facts about Kerbside come from the product brief. Outside facts come from GOV.UK, TfL and the
 * sources listed in docs/sources/zones-and-ved.md, read on the date given with each source;
 * nothing marked NOT CONFIRMED there is stated here. Paragraphs are plain text (no links), so a
 * page that points somewhere else names the path.
 */

const ACCESSED = '2026-11-23';
const source = (title: string, url: string): Source => ({ title, url, accessed: ACCESSED });

// GOV.UK
const GOV_SCRAP = source('GOV.UK: Scrapping your vehicle and insurance write-offs', 'https://www.gov.uk/scrapped-and-written-off-vehicles');
const GOV_PROBATE = source('GOV.UK: Applying for probate', 'https://www.gov.uk/applying-for-probate');
const GOV_PROBATE_WILL = source("GOV.UK: Applying for probate – if there's a will", 'https://www.gov.uk/applying-for-probate/if-theres-a-will');
const GOV_PROBATE_NO_WILL = source('GOV.UK: Applying for probate – if there is not a will', 'https://www.gov.uk/applying-for-probate/if-theres-not-a-will');
const GOV_NOTIFY_DVLA = source('GOV.UK: Notifying DVLA if you sell your vehicle', 'https://www.gov.uk/notifying-dvla-if-you-sell-your-vehicle');
const GOV_EV_TAX = source('GOV.UK: Vehicle tax for electric, zero and low emission vehicles', 'https://www.gov.uk/guidance/vehicle-tax-for-electric-and-low-emissions-vehicles');
const GOV_CAZ = source('GOV.UK: Driving in a clean air zone', 'https://www.gov.uk/guidance/driving-in-a-clean-air-zone');

// London ULEZ (TfL, and reports quoting TfL)
const TFL_FOI = source('TfL: freedom of information request FOI-1926-1920 (ULEZ charges)', 'https://tfl.gov.uk/corporate/transparency/freedom-of-information/foi-request-detail?referenceId=FOI-1926-1920');
const BVRLA_LONDON = source("BVRLA: London's Ultra Low Emission Zone update", 'https://www.bvrla.co.uk/resource/london-s-ultra-low-emission-zone-update.html');
const NEWS_SHOPPER_HOURS = source('News Shopper: ULEZ operating hours (quoting TfL)', 'https://www.newsshopper.co.uk/news/23739186.operating-hours-ulez-london/');
const ZENITH_ULEZ = source("Zenith: introducing London's new Ultra Low Emission Zone (7 May 2019)", 'https://www.zenith.co.uk/insights/introducing-londons-new-ultra-low-emission-zone/');
const BBC_SCRAPPAGE = source('BBC News: London scrappage scheme to close (2024)', 'https://feeds.bbci.co.uk/news/articles/cn02nvgvppyo');

// English clean air zones and Scottish low emission zones
const BVRLA_BIRMINGHAM = source('BVRLA: Birmingham clean air zone goes live', 'https://www.bvrla.co.uk/resource/birmingham-clean-air-zone-goes-live.html');
const ITV_BRISTOL = source("ITV News: Bristol clean air zone charges and fines (19 October 2022)", 'https://www.itv.com/news/westcountry/2022-10-19/this-is-how-much-charges-and-fines-are-for-bristols-clean-air-zone');
const LEZ_SCOT_HOW = source('Low Emission Zones Scotland: how they work', 'https://lowemissionzones.scot/about/how-they-work');
const LEZ_SCOT_EXEMPTIONS = source('Low Emission Zones Scotland: exemptions', 'https://lowemissionzones.scot/get-ready/exemptions');

// Shared sections: the same facts, worded once.
const HOW_IT_WORKS: LandingPage['sections'][number] = {
  heading: 'How it works',
  paragraphs: [],
  points: [
    'Enter your registration and mileage for a free, instant valuation.',
    'Build your vehicle profile on your phone: photos, features, service history, keys, any finance and any damage.',
    '{dealerNetwork} verified dealers can bid for your car in our daily online sale.',
    'See the highest offer, then accept it or decline it. There is no obligation and no fee.',
    "The dealer collects for free, and you're paid within 24 hours of collection.",
  ],
};

const PRICE_AT_COLLECTION: LandingPage['sections'][number] = {
  heading: 'What can change the price at collection',
  paragraphs: [
    'Once you accept an offer, the dealer can change the price for only three reasons. Normal wear and tear, and anything you declared or showed in your photos, never count.',
  ],
  points: [
    'Damage you did not declare, beyond a £150 preparation allowance.',
    'A mileage more than 200 miles above the one you gave.',
    'Outstanding finance you did not tell us about.',
  ],
};

const PARTNER_ROUTE =
  "Cars worth under about £1,000, and cars 28 or more years old with more than 280,000 miles, don't go into the daily sale. We offer instead to pass you to a partner: a scrap and recycling service, or a car buying group that works by phone. You choose whether to go ahead.";

export const SELL_MY_CAR: LandingPage = {
  title: 'Sell my car: dealers bid, you choose',
  description: 'Sell your car to {dealerNetwork} verified dealers in a daily online sale. Free valuation, free collection, paid within 24 hours of collection. No fee.',
  heroTitle: 'Sell your car',
  sections: [
    HOW_IT_WORKS,
    PRICE_AT_COLLECTION,
    {
      heading: 'Finance and documents',
      paragraphs: [
        'You can sell a car with finance on it. We pay your lender from the sale price and send you the rest.',
        "To complete the sale you need your V5C logbook and your driving licence, plus a settlement letter from your lender if there's finance.",
      ],
    },
    { heading: "If we can't sell your car", paragraphs: [PARTNER_ROUTE] },
  ],
  guides: ['getting-the-best-price', 'what-can-change-the-price-at-collection', 'v5c-and-documents-you-need', 'selling-a-car-on-finance'],
};

export const SELL_MY_CAR_VARIANTS: Record<string, LandingPage> = {
  'car-buying-sites': {
    title: 'Car buying sites: an instant offer or a dealer sale?',
    description: 'How car buying sites differ: one instant offer from one buyer, or many dealers bidding. An honest look at what to compare before you sell.',
    heroTitle: 'Comparing car buying sites?',
    heroText: 'Some sites make you one offer themselves. Kerbside puts your car in front of {dealerNetwork} verified dealers who bid against each other.',
    sections: [
      {
        heading: 'Two ways car buying sites work',
        paragraphs: [
          'Some sites buy your car themselves and show you an offer straight away. Others, like Kerbside, show your car to many dealers and let them bid for it.',
          "Neither is right for everyone, and we won't claim one always pays more. It depends on the car and on the day.",
        ],
      },
      {
        heading: 'What you get with Kerbside',
        paragraphs: [],
        points: [
          'Many dealers compete for your car, not one buyer.',
          'You see the highest offer and decide. Declining is free.',
          "No fee to sell, free collection, and you're paid within 24 hours of collection.",
          'A published list of the only three things that can change the price at collection.',
        ],
      },
      {
        heading: 'What to weigh up',
        paragraphs: [
          'An instant offer tells you a figure at once. Our way takes a little longer: you build a profile with photos, and your car goes into the next daily sale.',
          'Whichever site you use, compare the money you actually receive after any fees, and ask what can change the price when the car is inspected or collected.',
        ],
      },
    ],
    guides: ['getting-the-best-price', 'what-can-change-the-price-at-collection'],
  },

  petrol: {
    title: 'Sell your petrol car',
    description: 'Sell your petrol car to {dealerNetwork} verified dealers in a daily online sale. Free valuation, free collection, no fee, paid within 24 hours of collection.',
    heroTitle: 'Sell your petrol car',
    sections: [
      {
        heading: 'Petrol cars and clean air zones',
        paragraphs: [
          "London's ULEZ, England's clean air zones and Scotland's low emission zones set the same standard for petrol cars: Euro 4 or newer. As a rough guide, that covers petrol cars first registered from January 2006.",
          "The date is only a guide. Our free ULEZ checker at /ulez-checker looks up your car's Euro standard from its registration.",
        ],
      },
      HOW_IT_WORKS,
      {
        heading: 'Help dealers bid with confidence',
        paragraphs: ['Dealers bid on what your profile shows them. A few things make a real difference:'],
        points: [
          'Read the mileage from the dashboard rather than from memory.',
          'Say whether the car has full, partial or no service history, and upload what you have.',
          'Tell us how many keys you have.',
          'Declare any damage: declared damage can never be used to change the price later.',
        ],
      },
    ],
    guides: ['getting-the-best-price', 'ulez-and-clean-air-zones'],
    sources: [GOV_CAZ, ZENITH_ULEZ, LEZ_SCOT_HOW],
  },

  diesel: {
    title: 'Sell your diesel car',
    description: 'Sell your diesel car to {dealerNetwork} verified dealers across the UK, wherever you live. Check it against the ULEZ standard, then get a free valuation.',
    heroTitle: 'Sell your diesel car',
    sections: [
      {
        heading: 'Diesel cars and clean air zones',
        paragraphs: [
          "The standard for diesel cars in London's ULEZ, England's clean air zones and Scotland's low emission zones is Euro 6. As a rough guide, that covers diesel cars first registered from September 2015.",
          'The date is only a guide. Our free ULEZ checker at /ulez-checker tells you where your car stands.',
        ],
      },
      {
        heading: 'Where an older diesel costs you',
        paragraphs: [],
        points: [
          "London: a car that doesn't meet the ULEZ standard pays £12.50 a day to drive in the zone.",
          "Birmingham and Bristol: these class D clean air zones charge cars that don't meet the standard.",
          "Glasgow, Edinburgh, Dundee and Aberdeen: a car that doesn't meet the standard must not enter the low emission zone at all.",
        ],
      },
      {
        heading: 'Dealers from across the UK bid',
        paragraphs: [
          "Your car is offered to dealers all over the country, not just those near you, whether or not it meets a zone's standard. Collection is free and there's no fee to sell.",
        ],
      },
    ],
    guides: ['ulez-and-clean-air-zones', 'getting-the-best-price'],
    sources: [GOV_CAZ, TFL_FOI, ZENITH_ULEZ, BVRLA_BIRMINGHAM, ITV_BRISTOL, LEZ_SCOT_HOW, LEZ_SCOT_EXEMPTIONS],
  },

  'car-buyers': {
    title: 'Car buyers: {dealerNetwork} verified dealers bid for your car',
    description: 'Instead of one car buyer, {dealerNetwork} verified dealers can bid for your car in our daily online sale. You see the highest offer and choose.',
    heroTitle: 'Car buyers who compete for your car',
    sections: [
      {
        heading: 'Who buys your car',
        paragraphs: [
          'Your car is offered to {dealerNetwork} verified dealers in our daily online sale. The one who wins it buys it from you.',
          "You don't meet buyers, show anyone round the car or haggle. The dealer who buys it collects it from you for free.",
        ],
      },
      {
        heading: 'How the bidding works',
        paragraphs: [
          'Dealers bid on what your profile shows: photos, features, service history, keys and any damage you declare. When the sale ends, you see the highest offer.',
          'Accept it and the dealer collects the car. Decline it and nothing more happens. There is no fee either way.',
        ],
      },
      PRICE_AT_COLLECTION,
    ],
    guides: ['getting-the-best-price', 'what-can-change-the-price-at-collection'],
  },

  'to-a-dealer': {
    title: 'Sell your car to a dealer without visiting one',
    description: 'Sell your car to a dealer without visiting one: {dealerNetwork} verified dealers bid online, and the winner collects from you for free.',
    heroTitle: 'Sell your car to a dealer',
    sections: [
      {
        heading: 'A dealer or a private buyer?',
        paragraphs: [
          'Selling privately can mean adverts, calls from strangers, test drives and haggling. Selling to a dealer skips all that.',
          "With Kerbside you don't drive from forecourt to forecourt. Dealers bid online, and the one who buys your car comes to you.",
        ],
      },
      {
        heading: 'Many dealers, not one',
        paragraphs: [
          'Walk into one dealer and you get one price. In our daily sale, {dealerNetwork} verified dealers can bid, and you see the highest offer. Accept it or decline it: no obligation, no fee.',
        ],
      },
      {
        heading: 'Telling DVLA',
        paragraphs: [
          "GOV.UK says a motor trader buying your vehicle can tell DVLA for you, and that you must do it if they don't. Check that you get DVLA's confirmation that you are no longer the keeper.",
          'Vehicle tax does not pass to the buyer. Once DVLA knows you have sold the car, it refunds any full months of tax left.',
        ],
      },
    ],
    guides: ['v5c-and-documents-you-need', 'getting-the-best-price'],
    sources: [GOV_NOTIFY_DVLA],
  },

  electric: {
    title: 'Sell your electric car',
    description: 'Sell your electric car to {dealerNetwork} verified dealers in a daily online sale. Free valuation, free collection, no fee to sell.',
    heroTitle: 'Sell your electric car',
    heroText: 'Dealers bid for electric cars in the same daily sale as every other car. Free valuation, free collection, no fee.',
    sections: [
      {
        heading: 'Vehicle tax on electric cars',
        paragraphs: [
          'Since 1 April 2025, electric cars pay vehicle tax in the same way as petrol and diesel cars, GOV.UK says. What yours pays depends on when it was first registered.',
          'Vehicle tax does not pass to the buyer. Once DVLA knows you have sold the car, it refunds any full months left.',
        ],
      },
      {
        heading: 'What to put in your profile',
        paragraphs: ['Dealers bid on what your profile shows them. For an electric car, tell them:'],
        points: [
          'which charging cables come with the car',
          'whether the battery is leased separately from the car (if it is, contact our help centre before you accept an offer)',
          'the mileage, from a dashboard photo taken with the car switched on so any warning lights show',
          'its service history, including any battery health report you have',
        ],
      },
      HOW_IT_WORKS,
    ],
    guides: ['getting-the-best-price', 'v5c-and-documents-you-need'],
    sources: [GOV_EV_TAX, GOV_NOTIFY_DVLA],
  },

  'on-probate': {
    title: 'Selling a car on probate',
    description: 'Selling the car of someone who has died: who can sell it (the executor or administrator), what to have ready, and how a sale with Kerbside works.',
    heroTitle: 'Selling the car of someone who has died',
    heroText: "We're sorry for your loss. If you're dealing with the estate, you can sell the car through Kerbside when you're ready.",
    sections: [
      {
        heading: 'Who can sell the car',
        paragraphs: [
          'The car is part of the estate of the person who died, and the person dealing with the estate can sell it. In England and Wales, GOV.UK explains who that is:',
        ],
        points: [
          "If there's a will: an executor named in it, or in an update to it (a codicil). The executor applies for a grant of probate.",
          "If there's no will: the closest living relative can apply to become the administrator, normally the husband, wife or civil partner, then any children aged 18 or over. The administrator gets letters of administration.",
        ],
      },
      {
        heading: 'Before you accept an offer',
        paragraphs: [
          "Contact our help centre first and tell us you're selling for someone who has died. We'll tell you what the buyer needs, usually the death certificate and the grant of probate or letters of administration.",
          'Scotland and Northern Ireland have their own process for dealing with an estate. GOV.UK links to the guidance for each.',
          "If there's finance on the car, we pay the lender from the sale price and the rest goes to the account you give us.",
        ],
      },
      {
        heading: 'How the sale works',
        paragraphs: [
          "You don't need to drive the car anywhere. Take the profile photos where it is parked, and the dealer who buys it collects from there for free.",
          'There is no fee and no obligation. You can stop at any point before you accept an offer.',
        ],
      },
    ],
    guides: ['selling-a-car-on-probate', 'v5c-and-documents-you-need', 'selling-a-car-on-finance'],
    sources: [GOV_PROBATE, GOV_PROBATE_WILL, GOV_PROBATE_NO_WILL],
  },

  'cash-for-cars': {
    title: 'Cash for cars: paid to your bank within 24 hours of collection',
    description: 'Cash for your car without the doorstep handover: dealers bid, you accept, and we pay your bank account within 24 hours of collection.',
    heroTitle: 'Cash for your car',
    heroText: "Dealers bid for your car in our daily sale. Accept the highest offer and you're paid by bank transfer within 24 hours of collection.",
    sections: [
      {
        heading: "How you're paid",
        paragraphs: [
          'We pay into the UK bank account you give us, in your name, within 24 hours of the dealer collecting your car. No notes to count on the doorstep.',
          "If there's finance on the car, we pay your lender first and send you the rest.",
        ],
      },
      {
        heading: 'No fee, no obligation',
        paragraphs: [
          "The valuation is free. If you don't like the highest offer, decline it: there's nothing to pay, and collection is free if you accept.",
        ],
      },
      PRICE_AT_COLLECTION,
    ],
    guides: ['getting-the-best-price', 'what-can-change-the-price-at-collection'],
  },

  'cash-for-vans': {
    title: 'Cash for vans: paid to your bank within 24 hours of collection',
    description: 'Sell your van for money in the bank: dealers bid in our daily sale, the winner collects for free, and you are paid within 24 hours of collection.',
    heroTitle: 'Cash for your van',
    heroText: "Vans sell the same way as cars: dealers bid, you choose, and you're paid by bank transfer within 24 hours of collection.",
    sections: [
      {
        heading: "How you're paid for your van",
        paragraphs: [
          'We pay into the UK bank account you give us, in your name, within 24 hours of the dealer collecting your van.',
          "If there's finance on the van, we settle it with your lender from the sale price and pay you the rest.",
        ],
      },
      {
        heading: "Vans we can't sell",
        paragraphs: [
          "Vans worth under about £1,000, and vans 28 or more years old with more than 280,000 miles, don't go into the daily sale. We offer instead to pass you to a partner: a scrap and recycling service, or a car buying group that works by phone. You choose whether to go ahead.",
        ],
      },
      PRICE_AT_COLLECTION,
    ],
    guides: ['selling-a-van', 'selling-a-car-on-finance'],
  },

  'scrap-my-car': {
    title: 'Scrap my car: value it first, scrap it properly',
    description: 'Thinking of scrapping your car? Value it first: it may go into our dealer sale. If not, we offer our scrap and recycling partner.',
    heroTitle: 'Scrap your car, or sell it?',
    heroText: "Enter your reg and mileage. If your car can go into our daily sale, dealers bid for it. If not, we offer to pass you to our scrap and recycling partner.",
    sections: [
      {
        heading: 'Value it before you scrap it',
        paragraphs: [
          'A car you think is only fit for scrap may still be worth something to a dealer. The valuation is free, and if your car can go into our daily sale, dealers bid for it and collection is free.',
        ],
      },
      {
        heading: 'Cars we pass to our partners',
        paragraphs: [
          "Cars worth under about £1,000, and cars 28 or more years old with more than 280,000 miles, don't go into our daily sale. We don't scrap cars ourselves. Instead we offer to pass you to a partner: a scrap and recycling service, or a car buying group that works by phone.",
          "You choose whether to go ahead, and the partner's own terms apply.",
        ],
      },
      {
        heading: 'Scrapping a car properly',
        paragraphs: [
          'GOV.UK says a vehicle at the end of its life must be scrapped at an authorised treatment facility (ATF). For a car or light van, the ATF gives you a Certificate of Destruction: your proof that you handed the vehicle over for scrap. Keep it.',
          "Whoever scraps your car, ask whether it goes to an authorised treatment facility and when you'll get the Certificate of Destruction.",
        ],
      },
    ],
    guides: ['v5c-and-documents-you-need'],
    sources: [GOV_SCRAP],
  },

  'on-finance': {
    title: 'Sell a car with outstanding finance',
    description: "Sell your car with finance still on it. We pay your lender from the sale price and send you the rest, paid within 24 hours of collection.",
    heroTitle: 'Sell your car on finance',
    heroText: "You don't need to clear the finance first. We pay your lender from the sale price and send you the rest.",
    sections: [
      {
        heading: 'How the finance is settled',
        paragraphs: [
          'Tell us about the finance when you build your profile: the lender and roughly what it costs to settle. Be open about it: finance you did not declare is one of the three things that can change the price at collection.',
          'When you accept an offer, upload the settlement letter from your lender, as the PDF they sent you. When the dealer collects, we pay your lender directly, and you get the rest within 24 hours of collection.',
        ],
      },
      {
        heading: 'If you owe more than the car is worth',
        paragraphs: [
          "If your settlement figure is higher than the best offer, you can still sell: you send us the difference before collection day and we settle the lot. Or decline the offer. It costs nothing.",
        ],
      },
      {
        heading: 'Which kinds of finance',
        paragraphs: [],
        points: [
          'Hire purchase (HP) or personal contract purchase (PCP): the finance is settled as part of the sale.',
          'A personal loan: the car is already yours, so there is no finance on the car. Keep paying the loan as normal.',
          "A lease (personal contract hire): the car isn't yours to sell. Speak to your leasing company.",
        ],
      },
    ],
    guides: ['selling-a-car-on-finance', 'v5c-and-documents-you-need', 'what-can-change-the-price-at-collection'],
  },

  hybrid: {
    title: 'Sell your hybrid car',
    description: 'Sell your hybrid or plug-in hybrid to {dealerNetwork} verified dealers in a daily online sale. Free valuation, free collection, no fee to sell.',
    heroTitle: 'Sell your hybrid car',
    sections: [
      {
        heading: 'Tell dealers which kind of hybrid',
        paragraphs: [
          "Say in your profile whether your car is a plug-in hybrid or one you can't plug in, so dealers know exactly what they are bidding on.",
          "If it's a plug-in, say which charging cables come with it.",
        ],
      },
      {
        heading: 'Vehicle tax on hybrids',
        paragraphs: [
          'From 1 April 2025 the £10 yearly vehicle tax discount for hybrids and other alternatively fuelled vehicles was removed, GOV.UK says. A hybrid first registered before 1 April 2017 pays according to its CO2 emissions; one registered on or after that date pays the standard rate.',
        ],
      },
      HOW_IT_WORKS,
    ],
    guides: ['getting-the-best-price', 'ulez-and-clean-air-zones'],
    sources: [GOV_EV_TAX],
  },

  'van-buyers': {
    title: 'Van buyers: dealers bid for your van',
    description: 'Van buyers who compete: your van goes into our daily online sale, in front of {dealerNetwork} verified dealers. Free valuation and free collection.',
    heroTitle: 'Van buyers who compete for your van',
    sections: [
      {
        heading: 'Who buys your van',
        paragraphs: [
          "Your van goes into the same daily online sale as cars, in front of {dealerNetwork} verified dealers. You see the highest offer and choose whether to accept. There's no fee and no obligation.",
        ],
      },
      {
        heading: 'What van buyers look for',
        paragraphs: ['Dealers bid on what your profile shows. For a van, that means:'],
        points: [
          'the load area, photographed with the doors open',
          'racking, shelving, ply lining, a tow bar or a roof rack',
          'signwriting or livery, so it shows in your photos',
          'service history and how many keys you have',
        ],
      },
      {
        heading: 'Vans and clean air zones',
        paragraphs: [
          "Vans pay in more zones than cars. London's ULEZ charges £12.50 a day for a van up to 3.5 tonnes that doesn't meet the standard. In England, class C and class D clean air zones charge vans, while only class D zones charge cars.",
        ],
      },
    ],
    guides: ['selling-a-van', 'ulez-and-clean-air-zones'],
    sources: [TFL_FOI, GOV_CAZ],
  },

  'car-valuation': {
    title: 'Free car valuation from your reg and mileage',
    description: 'A free, instant car valuation from your registration and mileage, with no obligation to sell. Then see what dealers will really pay.',
    heroTitle: 'Value your car',
    heroText: 'Enter your reg and mileage for a free, instant valuation. There is no obligation to sell.',
    sections: [
      {
        heading: 'What your valuation is',
        paragraphs: [
          "Your valuation is an estimate based on your car's registration and mileage. It's free and holds for 7 days. After that we ask you to confirm the mileage again.",
        ],
      },
      {
        heading: 'From valuation to a real offer',
        paragraphs: [
          'The valuation is a guide. What dealers actually pay comes from our daily sale, once you have built a profile with photos, features, service history and any damage.',
          'When the sale ends you see the highest offer and choose. Declining is free.',
        ],
      },
      {
        heading: 'Get an accurate figure',
        paragraphs: [],
        points: [
          'Read the mileage from the dashboard rather than guessing.',
          'List the features the car has, such as sat nav, parking sensors or a tow bar.',
          'Declare damage honestly, with photos.',
          'Find the service book and any garage invoices.',
        ],
      },
    ],
    guides: ['getting-the-best-price', 'what-can-change-the-price-at-collection'],
  },

  'buy-my-car': {
    title: 'Buy my car: find a buyer without the hassle',
    description: 'Looking for someone to buy your car? Tell us about it once and {dealerNetwork} verified dealers can bid. Free collection, no fee, no obligation.',
    heroTitle: 'Find a buyer for your car',
    sections: [
      {
        heading: 'Tell us once, let dealers bid',
        paragraphs: [
          'Instead of ringing round or placing an advert, tell us about your car once. {dealerNetwork} verified dealers can bid for it in our daily online sale.',
        ],
      },
      HOW_IT_WORKS,
      {
        heading: "What you'll need",
        paragraphs: [],
        points: [
          'your V5C logbook',
          'your driving licence',
          "a settlement letter from your lender, if there's finance on the car",
          'every key, ready for collection day',
        ],
      },
    ],
    guides: ['v5c-and-documents-you-need', 'getting-the-best-price'],
  },

  suv: {
    title: 'Sell your SUV or 4x4',
    description: 'Sell your SUV or 4x4 to {dealerNetwork} verified dealers in a daily online sale. Free valuation, free collection, no fee to sell.',
    heroTitle: 'Sell your SUV',
    sections: [
      {
        heading: 'Show dealers the whole car',
        paragraphs: ['Dealers can only bid for what they know about. Tick or mention in your profile anything like:'],
        points: [
          'four-wheel drive',
          'a third row of seats',
          'a tow bar',
          'roof rails or a panoramic roof',
          'parking sensors or a reversing camera',
        ],
      },
      {
        heading: 'Wheels and tyres',
        paragraphs: [
          'Photograph each wheel close up so the tread shows. If a tyre needs replacing, declare it: anything you declared or showed in your photos cannot be used to change the price at collection.',
        ],
      },
      HOW_IT_WORKS,
    ],
    guides: ['getting-the-best-price', 'what-can-change-the-price-at-collection'],
  },

  refer: {
    title: 'Refer a friend to Kerbside',
    description: 'Know someone selling a car or van? See how to refer a friend to Kerbside, and value your own car while you are here.',
    heroTitle: 'Know someone selling a car?',
    heroText: 'Sold your car with us? Our refer a friend page at /refer has your link, and says what we pay you when a friend sells.',
    sections: [
      {
        heading: 'How referring works',
        paragraphs: [
          'Go to our refer a friend page at /refer. Once you have sold a car with us, your link is there; the referral terms at /referral-terms say what we pay you when a friend you referred sells, and when.',
          "Your friend sells the same way as everyone else: a free valuation, dealers bidding in a daily sale, free collection, and payment within 24 hours of collection.",
        ],
      },
      {
        heading: 'Selling your own car too?',
        paragraphs: ['Enter your reg and mileage above for a free valuation. There is no obligation and no fee.'],
      },
    ],
  },

  ulez: {
    title: 'Sell your car if it does not meet the ULEZ standard',
    description: "Check your car against London's ULEZ standard, then see what dealers across the UK will pay for it. Free valuation and free collection.",
    heroTitle: 'Sell your non-ULEZ car',
    heroText: 'Check your car against the ULEZ standard, then see what dealers across the UK will pay for it.',
    flags: { useUlezVrmChecker: true },
    sections: [
      {
        heading: "London's ULEZ in brief",
        paragraphs: [
          "The ULEZ covers all London boroughs and runs 24 hours a day, every day except Christmas Day. A car, motorcycle or van up to 3.5 tonnes that doesn't meet the standard pays £12.50 a day to drive in it. The standard is:",
        ],
        points: [
          'Petrol: Euro 4 or newer. As a rough guide, first registered from January 2006.',
          'Diesel: Euro 6. As a rough guide, first registered from September 2015.',
          'Motorcycles: Euro 3.',
        ],
      },
      {
        heading: 'Check your car',
        paragraphs: [
          "The dates are only a guide: some older cars meet the standard and some newer ones don't. Our free ULEZ checker at /ulez-checker looks up your car's Euro standard from its registration.",
        ],
      },
      {
        heading: "Selling a car that doesn't meet the standard",
        paragraphs: [
          'Your car is offered to dealers all over the UK, not only in London. Collection is free and there is no fee to sell.',
          "TfL's London scrappage scheme closed to new applications in September 2024.",
        ],
      },
    ],
    guides: ['ulez-and-clean-air-zones', 'getting-the-best-price'],
    sources: [TFL_FOI, BVRLA_LONDON, NEWS_SHOPPER_HOURS, ZENITH_ULEZ, BBC_SCRAPPAGE],
  },

  lp: {
    title: 'Sell your car to {dealerNetwork} dealers',
    description: 'Get a free valuation, let {dealerNetwork} verified dealers bid in our daily online sale, and choose. Free collection, no fee, paid within 24 hours of collection.',
    heroTitle: 'Sell your car to dealers who compete for it',
    sections: [
      HOW_IT_WORKS,
      {
        heading: 'Free, with no obligation',
        paragraphs: [],
        points: ['No fee to sell.', 'Free collection from your address.', 'Decline any offer for free.', 'Paid within 24 hours of collection.'],
      },
      PRICE_AT_COLLECTION,
    ],
    guides: ['getting-the-best-price'],
  },
};

export const SELL_MY_VAN: LandingPage = {
  title: 'Sell my van: dealers bid, free collection',
  description: 'Sell your van to {dealerNetwork} verified dealers in a daily online sale. Free valuation, free collection, no fee, paid within 24 hours of collection.',
  heroTitle: 'Sell your van',
  heroText: "Enter your van's reg and mileage for a free valuation. Dealers bid in our daily sale and the winner collects for free.",
  sections: [
    {
      heading: 'Vans sell the same way as cars',
      paragraphs: [],
      points: [
        'Enter the registration and mileage for a free, instant valuation.',
        'Build the profile on your phone, including photos of the load area with the doors open.',
        '{dealerNetwork} verified dealers can bid in our daily online sale.',
        "Accept the highest offer or decline it. No obligation, no fee. The dealer collects for free and you're paid within 24 hours of collection.",
      ],
    },
    {
      heading: 'Tell dealers about the fittings',
      paragraphs: [
        'Mention racking, shelving, ply lining, a tow bar or a roof rack, and make sure any signwriting or livery shows in your photos. Dealers can only bid for what they can see.',
      ],
    },
    {
      heading: 'Vans on finance or in a company name',
      paragraphs: [
        "If there's finance on the van, we settle it with your lender from the sale price and pay you the rest.",
        "If the logbook is in a company's name rather than yours, contact our help centre before you accept an offer.",
      ],
    },
    {
      heading: "If we can't sell your van",
      paragraphs: [
        "Vans worth under about £1,000, and vans 28 or more years old with more than 280,000 miles, don't go into the daily sale. We offer instead to pass you to a partner: a scrap and recycling service, or a car buying group that works by phone.",
      ],
    },
  ],
  guides: ['selling-a-van', 'selling-a-car-on-finance', 'what-can-change-the-price-at-collection'],
};

export const PART_EXCHANGE: LandingPage = {
  title: 'Part-exchange or sell? Compare the figures',
  description: 'Part-exchange your old car or sell it separately? Get your Kerbside offer, then compare it with the part-exchange figure on its own.',
  heroTitle: 'Thinking of part-exchange?',
  heroText: 'Get your Kerbside offer first, then compare it with the part-exchange figure for your old car on its own.',
  sections: [
    {
      heading: 'Part-exchange in brief',
      paragraphs: [
        'The dealer selling you your next car takes your old one and knocks its value off the price. It is one place and one handover, and you are never without a car.',
        'But only one business is pricing your old car, and the part-exchange value can be hard to separate from any discount on the new one.',
      ],
    },
    {
      heading: 'Selling through Kerbside',
      paragraphs: [
        "{dealerNetwork} verified dealers can bid for your car, and the offer is for your car alone. You don't have to be buying another car. It takes a few days, because your car goes into the next daily sale, and you may need to plan for a gap between cars.",
      ],
    },
    {
      heading: 'How to compare fairly',
      paragraphs: [],
      points: [
        'Ask the selling dealer for the part-exchange value and the new car price as separate figures.',
        'Get your Kerbside offer. You are free to decline it.',
        'Ask whether the new car costs the same with or without a part-exchange.',
        'Weigh up timing and how much you want to do yourself.',
      ],
    },
  ],
  guides: ['part-exchange-or-sell', 'selling-a-car-on-finance'],
};
