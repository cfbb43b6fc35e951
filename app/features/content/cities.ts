import type { CityPage } from './landing-types';

/*
 * City pages, /sell-your-car/{city} (docs/behaviour/routes.md#landing-routes). Postcode areas are Royal Mail's. Zone facts come
 * from docs/sources/zones-and-ved.md (GOV.UK, TfL, councils, lowemissionzones.scot and
 * mygov.scot first, trade press and news where no official page was found), read on 2026-11-23.
 * A city has a `zone` only where those notes confirm one that is in force; charges are given as at
 * launch, because the sources are launch-era and charges can change.
 */

const SCOTTISH_LEZ_RULE =
  "There's no daily charge: a car or van that doesn't meet the standard (Euro 4 petrol, Euro 6 diesel) must not enter, and the registered keeper gets a penalty charge notice that starts at £60 and doubles for each repeat entry within 90 days, up to £480 for a car or van.";

export const CITIES: Record<string, CityPage> = {
  birmingham: {
    name: 'Birmingham',
    nation: 'England',
    postcodeAreas: ['B'],
    zone: {
      zoneId: 'birmingham-caz',
      summary:
        "Birmingham's Clean Air Zone is a class D zone covering the roads inside the A4540 Middleway ring road, but not the ring road itself. Cars, taxis and vans that don't meet the standard pay a daily charge, which was £8 when charging began in June 2021.",
    },
    intro:
      "Selling a car in Birmingham? Get a free valuation, let dealers bid for it in our daily online sale, and have it collected from your address for free if you accept.",
  },

  london: {
    name: 'London',
    nation: 'England',
    // The London postal district, then the outer areas that take in the rest of Greater London's boroughs.
    postcodeAreas: ['E', 'EC', 'N', 'NW', 'SE', 'SW', 'W', 'WC', 'BR', 'CR', 'DA', 'EN', 'HA', 'IG', 'KT', 'RM', 'SM', 'TW', 'UB'],
    zone: {
      zoneId: 'london-ulez',
      summary:
        "London's ULEZ covers all London boroughs, 24 hours a day, every day except Christmas Day. A car, motorcycle or van up to 3.5 tonnes that doesn't meet the standard (Euro 4 petrol, Euro 6 diesel) pays £12.50 a day to drive in it.",
    },
    intro:
      "Selling in London means no trip across town to a dealer: dealers bid online, and the one who buys your car collects it from you for free.",
  },

  manchester: {
    name: 'Manchester',
    nation: 'England',
    postcodeAreas: ['M'],
    intro:
      "Selling a car in Manchester? Tell us about it once, let dealers compete for it in our daily online sale, and choose whether to accept the highest offer.",
  },

  bradford: {
    name: 'Bradford',
    nation: 'England',
    postcodeAreas: ['BD'],
    zone: {
      zoneId: 'bradford-caz',
      summary:
        "Bradford's Clean Air Zone began charging on 26 September 2022. Private cars aren't charged; vans and minibuses that don't meet the standard are (£9 a day at launch), as are taxis, buses, coaches and lorries.",
    },
    intro:
      "Selling a car or van in Bradford? Dealers from across the country bid in our daily sale, and the one who buys it collects it from you for free.",
  },

  brighton: {
    name: 'Brighton',
    nation: 'England',
    postcodeAreas: ['BN'],
    intro:
      "Selling a car in Brighton? Skip the adverts and the test drives: dealers bid for it online, and you decide whether to accept the highest offer.",
  },

  bristol: {
    name: 'Bristol',
    nation: 'England',
    postcodeAreas: ['BS'],
    zone: {
      zoneId: 'bristol-caz',
      summary:
        "Bristol's Clean Air Zone is a small class D zone that began charging on 28 November 2022. Cars, taxis and vans that don't meet the standard pay for each day they drive in it (£9 a day at launch).",
    },
    intro:
      "Selling a car in Bristol? Dealers from all over the UK bid for it in our daily sale, whether or not it meets the clean air zone standard, and collection is free.",
  },

  cardiff: {
    name: 'Cardiff',
    nation: 'Wales',
    postcodeAreas: ['CF'],
    intro:
      "Selling a car in Cardiff? Get a free valuation from your reg and mileage, let dealers bid for it, and have it collected from your address for free.",
  },

  coventry: {
    name: 'Coventry',
    nation: 'England',
    postcodeAreas: ['CV'],
    intro:
      "Selling a car in Coventry? Build your car's profile on your phone, let dealers bid in our daily sale, and accept the highest offer only if it suits you.",
  },

  derby: {
    name: 'Derby',
    nation: 'England',
    postcodeAreas: ['DE'],
    intro:
      "Selling a car in Derby? There's no fee and no obligation: dealers bid, you see the highest offer, and you choose.",
  },

  doncaster: {
    name: 'Doncaster',
    nation: 'England',
    postcodeAreas: ['DN'],
    intro:
      "Selling a car in Doncaster? Tell us about it once, and dealers across the country can bid for it without you leaving home.",
  },

  edinburgh: {
    name: 'Edinburgh',
    nation: 'Scotland',
    postcodeAreas: ['EH'],
    zone: {
      zoneId: 'edinburgh-lez',
      summary: `Edinburgh's Low Emission Zone has been enforced since 1 June 2024, 24 hours a day. ${SCOTTISH_LEZ_RULE}`,
    },
    intro:
      "Selling a car in Edinburgh? Dealers from across the UK bid in our daily sale, so a car that can't enter the low emission zone is still offered to them all.",
  },

  glasgow: {
    name: 'Glasgow',
    nation: 'Scotland',
    postcodeAreas: ['G'],
    zone: {
      zoneId: 'glasgow-lez',
      summary: `Glasgow's Low Emission Zone has been enforced for all vehicles since 1 June 2023 (for residents inside the zone, since 1 June 2024), 24 hours a day. ${SCOTTISH_LEZ_RULE}`,
    },
    intro:
      "Selling a car in Glasgow? Your car is offered to dealers all over the UK, not just in the city, and the one who buys it collects it from you for free.",
  },

  leeds: {
    name: 'Leeds',
    nation: 'England',
    postcodeAreas: ['LS'],
    intro:
      "Selling a car in Leeds? Get a free valuation, let dealers compete for it in our daily online sale, and get paid within 24 hours of collection if you accept.",
  },

  leicester: {
    name: 'Leicester',
    nation: 'England',
    postcodeAreas: ['LE'],
    intro:
      "Selling a car in Leicester? No forecourts to visit and no haggling: dealers bid online, and you choose whether to accept.",
  },

  lincoln: {
    name: 'Lincoln',
    nation: 'England',
    postcodeAreas: ['LN'],
    intro:
      "Selling a car in or around Lincoln? Dealers don't need to be nearby to bid, and the one who buys your car collects it from your address for free.",
  },

  liverpool: {
    name: 'Liverpool',
    nation: 'England',
    postcodeAreas: ['L'],
    intro:
      "Selling a car in Liverpool? Tell us about it once, let dealers bid in our daily sale, and decline the highest offer for free if it isn't right.",
  },

  newcastle: {
    name: 'Newcastle',
    nation: 'England',
    postcodeAreas: ['NE'],
    zone: {
      zoneId: 'tyneside-caz',
      summary:
        "Newcastle and Gateshead share a class C clean air zone that began charging on 30 January 2023. Private cars aren't charged; vans that don't meet the standard have been charged since July 2023 (£12.50 a day at the time), as are taxis, buses, coaches and lorries.",
    },
    intro:
      "Selling a car or van on Tyneside? Dealers from across the country bid in our daily sale, and collection from your address is free.",
  },

  nottingham: {
    name: 'Nottingham',
    nation: 'England',
    postcodeAreas: ['NG'],
    intro:
      "Selling a car in Nottingham? Get a free valuation, build your profile on your phone, and let dealers bid for your car in our daily online sale.",
  },

  sheffield: {
    name: 'Sheffield',
    nation: 'England',
    postcodeAreas: ['S'],
    zone: {
      zoneId: 'sheffield-caz',
      summary:
        "Sheffield's Clean Air Zone is a class C zone that began on 27 February 2023. Private cars aren't charged; vans, pick-ups, campervans and minibuses that don't meet the standard pay a daily charge (£10 at launch), as do taxis, buses, coaches and lorries.",
    },
    intro:
      "Selling a car or van in Sheffield? Dealers from all over the UK bid in our daily sale, and the one who buys it collects it from you for free.",
  },

  southampton: {
    name: 'Southampton',
    nation: 'England',
    postcodeAreas: ['SO'],
    intro:
      "Selling a car in Southampton? There's no fee to sell, collection is free, and you're paid within 24 hours of collection.",
  },
};
