/**
 * The dealers who take part in the simulated daily sale. Every name is invented; any likeness to a
 * real business is accidental. Ids are stable: bids, offers and tests refer to dealers by id, so
 * append new dealers at the end and never renumber.
 */

export type Speciality = 'van' | 'electric' | 'hybrid' | 'diesel' | 'prestige' | 'classic' | 'budget' | 'motorcycle';

export interface Dealer {
  id: number;
  name: string;
  town: string;
  postcodeArea: string;
  /** 0..1: how keen they are in general */
  appetite: number;
  /** what they specialise in; empty = generalist */
  specialities: string[];
  /** largest single purchase they make, GBP */
  maxSpend: number;
}

type Row = [name: string, town: string, postcodeArea: string, appetite: number, specialities: Speciality[], maxSpend: number];

// Kept as rows so the list reads like a table; the id is the row's position (1-based).
const ROWS: Row[] = [
  // England
  ['Harrowgate Motors', 'Darlington', 'DL', 0.7, [], 25_000],
  ['Severn Vale Car Sales', 'Gloucester', 'GL', 0.65, [], 30_000],
  ['Northgate Van Centre', 'Leeds', 'LS', 0.8, ['van'], 40_000],
  ['EV Direct Bristol', 'Bristol', 'BS', 0.75, ['electric'], 60_000],
  ['Pennine Edge Motors', 'Huddersfield', 'HD', 0.55, [], 22_000],
  ['Wolds Way Cars', 'Beverley', 'HU', 0.5, [], 20_000],
  ['Trentside Autos', 'Nottingham', 'NG', 0.8, [], 35_000],
  ['Mersey Bank Motor Co', 'Liverpool', 'L', 0.7, [], 30_000],
  ['Irwell Road Cars', 'Salford', 'M', 0.6, [], 25_000],
  ['Wensum Motors', 'Norwich', 'NR', 0.55, [], 28_000],
  ['Fenland Car Exchange', 'Peterborough', 'PE', 0.65, [], 24_000],
  ['Chiltern Ridge Motors', 'High Wycombe', 'HP', 0.7, ['prestige'], 120_000],
  ['Solent Point Cars', 'Southampton', 'SO', 0.75, [], 32_000],
  ['Tamar Crossing Motors', 'Plymouth', 'PL', 0.5, [], 20_000],
  ['Exe Valley Car Sales', 'Exeter', 'EX', 0.6, [], 26_000],
  ['Downsview Autos', 'Brighton', 'BN', 0.65, [], 30_000],
  ['Medway Reach Motors', 'Rochester', 'ME', 0.55, [], 22_000],
  ['Thameside Trade Cars', 'Dartford', 'DA', 0.85, ['budget'], 5_000],
  ['Kenton Lane Motors', 'Harrow', 'HA', 0.7, [], 35_000],
  ['Lea Valley Vans', 'Enfield', 'EN', 0.75, ['van'], 35_000],
  ['Cotswold Classic Motors', 'Cheltenham', 'GL', 0.6, ['classic'], 90_000],
  ['Black Country Car Centre', 'Dudley', 'DY', 0.8, [], 25_000],
  ['Brindley Wharf Motors', 'Birmingham', 'B', 0.75, [], 40_000],
  ['Arden Prestige', 'Solihull', 'B', 0.7, ['prestige'], 150_000],
  ['Potteries Motor Exchange', 'Stoke-on-Trent', 'ST', 0.6, [], 20_000],
  ['Dove Valley Cars', 'Derby', 'DE', 0.55, [], 24_000],
  ['Soar Bridge Motors', 'Leicester', 'LE', 0.7, [], 30_000],
  ['Ouse Street Autos', 'York', 'YO', 0.5, [], 22_000],
  ['Tyne Quay Motors', 'Newcastle upon Tyne', 'NE', 0.75, [], 35_000],
  ['Wearmouth Motors', 'Sunderland', 'SR', 0.6, [], 20_000],
  ['Tees Link Cars', 'Middlesbrough', 'TS', 0.6, ['diesel'], 25_000],
  ['Lune Valley Motors', 'Lancaster', 'LA', 0.45, [], 18_000],
  ['Ribble Bridge Cars', 'Preston', 'PR', 0.65, [], 26_000],
  ['Fylde Coast Budget Cars', 'Blackpool', 'FY', 0.8, ['budget'], 4_000],
  ['Peak Gateway Motors', 'Sheffield', 'S', 0.7, [], 30_000],
  ['Don Valley Commercials', 'Doncaster', 'DN', 0.7, ['van', 'diesel'], 45_000],
  ['Witham Motors', 'Lincoln', 'LN', 0.5, [], 20_000],
  ['Granta Green Cars', 'Cambridge', 'CB', 0.7, ['electric', 'hybrid'], 55_000],
  ['Stour Valley Motors', 'Ipswich', 'IP', 0.55, [], 24_000],
  ['Chelmer Cars', 'Chelmsford', 'CM', 0.65, [], 28_000],
  ['White Horse Vale Motors', 'Abingdon', 'OX', 0.6, [], 32_000],
  ['Kennet Side Cars', 'Reading', 'RG', 0.65, ['electric'], 50_000],
  ['Wessex Road Motors', 'Salisbury', 'SP', 0.5, [], 22_000],
  ['Purbeck Cars', 'Poole', 'BH', 0.55, [], 26_000],
  ['Two Wheels West', 'Swindon', 'SN', 0.8, ['motorcycle'], 20_000],
  ['Marches Motorcycle Centre', 'Hereford', 'HR', 0.7, ['motorcycle'], 25_000],
  ['Eden Valley Classics', 'Carlisle', 'CA', 0.55, ['classic'], 60_000],
  ['Saxon Shore Motors', 'Canterbury', 'CT', 0.6, [], 25_000],
  ['Wirral Peninsula Cars', 'Birkenhead', 'CH', 0.65, [], 24_000],
  ['Malvern Hills Prestige', 'Worcester', 'WR', 0.6, ['prestige'], 100_000],
  // Scotland
  ['Leith Walk Motors', 'Edinburgh', 'EH', 0.75, [], 35_000],
  ['Clydeside Car Exchange', 'Glasgow', 'G', 0.8, [], 30_000],
  ['Granite City Vans', 'Aberdeen', 'AB', 0.7, ['van'], 40_000],
  ['Tayview Motors', 'Dundee', 'DD', 0.55, [], 22_000],
  ['Ness Bank Cars', 'Inverness', 'IV', 0.45, [], 20_000],
  ['Wallace View Motors', 'Stirling', 'FK', 0.6, [], 26_000],
  ['Ayrshire Coast Car Sales', 'Ayr', 'KA', 0.75, ['budget'], 5_000],
  ['Kingdom EV', 'Kirkcaldy', 'KY', 0.65, ['electric', 'hybrid'], 45_000],
  ['Borders Classic & Sports', 'Galashiels', 'TD', 0.5, ['classic'], 70_000],
  ['Nithsdale Motors', 'Dumfries', 'DG', 0.5, [], 18_000],
  // Wales
  ['Taff Vale Motors', 'Cardiff', 'CF', 0.75, [], 32_000],
  ['Tawe Car Sales', 'Swansea', 'SA', 0.6, [], 24_000],
  ['Usk Bridge Commercials', 'Newport', 'NP', 0.7, ['van'], 38_000],
  ['Menai Motors', 'Bangor', 'LL', 0.5, [], 20_000],
  ['Dyfi Cars', 'Aberystwyth', 'SY', 0.4, [], 16_000],
  ['Clwyd Diesel Centre', 'Wrexham', 'LL', 0.6, ['diesel'], 28_000],
  // Northern Ireland
  ['Lagan Side Motors', 'Belfast', 'BT', 0.75, [], 32_000],
  ['Foyle Car Sales', 'Derry', 'BT', 0.6, [], 24_000],
  ['Mourne View Cars', 'Newry', 'BT', 0.55, [], 22_000],
  ['Glens of Antrim Autos', 'Ballymena', 'BT', 0.7, ['budget'], 4_500],
  ['Erne Motorcycles', 'Enniskillen', 'BT', 0.65, ['motorcycle'], 18_000],
  ['Belfast Lough Prestige', 'Holywood', 'BT', 0.65, ['prestige'], 110_000],
  // Added later (ids go on from here): cities of the landing pages that had no dealer near them.
  ['Aire Valley Motors', 'Bradford', 'BD', 0.65, [], 26_000],
  ['Spon End Car Sales', 'Coventry', 'CV', 0.6, [], 24_000],
];

export const DEALERS: readonly Dealer[] = Object.freeze(
  ROWS.map(([name, town, postcodeArea, appetite, specialities, maxSpend], index) =>
    Object.freeze({ id: index + 1, name, town, postcodeArea, appetite, specialities, maxSpend }),
  ),
);
