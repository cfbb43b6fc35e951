import { areasParam } from './recent-sales';
import type { DealerLogo, DealerLogosResponse } from '../../../contract/shell';
import type { endpoints } from '../../../contract/endpoints';
import { limitParam, svgResponse } from '../http';
import type { TypedHandler } from '../router';
import { DEALERS, type Dealer } from '../providers/dealers';
import { spreadHash } from '../util';

/**
 * The dealer logo strip of the home page (docs/behaviour/shell.md#home-page): dealers from the simulated network, with
 * wordmark logos drawn here (the dealers are invented, so there are no real logos to show).
 */

export const DEFAULT_FEATURED_DEALERS = 8;
export const MAX_FEATURED_DEALERS = 24;

type Nation = 'england' | 'scotland' | 'wales' | 'northern-ireland';
const NATIONS: Nation[] = ['england', 'scotland', 'wales', 'northern-ireland'];
// Postcode areas by nation; LL, SY and TD straddle a border, which is close enough for a spread.
const SCOTLAND = new Set(['AB', 'DD', 'DG', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'KY', 'ML', 'PA', 'PH', 'TD', 'ZE']);
const WALES = new Set(['CF', 'LD', 'LL', 'NP', 'SA', 'SY']);

export function nationOf(postcodeArea: string): Nation {
  if (postcodeArea === 'BT') return 'northern-ireland';
  if (SCOTLAND.has(postcodeArea)) return 'scotland';
  if (WALES.has(postcodeArea)) return 'wales';
  return 'england';
}

/**
 * A stable selection: the keenest generalist of each nation first (a strip of logos should not
 * read as England only), then the keenest of the rest, one per postcode area while areas last.
 * Specialists are left out: a van centre or a motorcycle shop says little to most sellers.
 */
export function featuredDealers(limit: number, dealers: readonly Dealer[] = DEALERS): Dealer[] {
  const ranked = dealers.filter((d) => d.specialities.length === 0).sort((a, b) => b.appetite - a.appetite || a.id - b.id);
  const chosen: Dealer[] = [];
  for (const nation of NATIONS) {
    const first = ranked.find((d) => nationOf(d.postcodeArea) === nation);
    if (first) chosen.push(first);
  }
  chosen.sort((a, b) => ranked.indexOf(a) - ranked.indexOf(b));
  const areas = new Set(chosen.map((d) => d.postcodeArea));
  const repeats: Dealer[] = [];
  for (const dealer of ranked) {
    if (chosen.includes(dealer)) continue;
    if (areas.has(dealer.postcodeArea)) {
      repeats.push(dealer);
    } else {
      areas.add(dealer.postcodeArea);
      chosen.push(dealer);
    }
  }
  return [...chosen, ...repeats].slice(0, limit);
}

export const dealerLogoPath = (id: number) => `/platform/images/dealers/${id}.svg`;

export function parseDealerLogoName(file: string): Dealer | null {
  const match = /^([1-9]\d{0,3})\.svg$/.exec(file);
  return match ? (DEALERS.find((d) => d.id === Number(match[1])) ?? null) : null;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The first letters of the first two words: 'Borders Classic & Sports' → 'BC'. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** One line when the name is short, else two lines as even as the words allow. */
export function nameLines(name: string): string[] {
  if (name.length <= 13) return [name];
  const words = name.split(/\s+/);
  let best: string[] = [name];
  let bestLongest = Infinity;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const longest = Math.max(...lines.map((l) => l.length));
    if (longest < bestLongest) [best, bestLongest] = [lines, longest];
  }
  return best;
}

// Dark enough for white initials to pass WCAG AA.
const BADGE_COLOURS = ['#1f4e79', '#7a2e2e', '#2e6b3f', '#5b3f8c', '#7c5210', '#0f5e66', '#39424e', '#8c2f5d'];
const TEXT_WIDTH = 106;
const FONT = 'font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif"';

export function dealerLogoSvg(dealer: Pick<Dealer, 'name'>): string {
  const lines = nameLines(dealer.name);
  const badge = BADGE_COLOURS[spreadHash(dealer.name) % BADGE_COLOURS.length]!;
  const ys = lines.length === 1 ? [29] : [21, 37];
  const text = lines
    .map((line, i) => {
      // About 8 px a character in a bold 13 px system font: squeeze only the lines that would overflow.
      const fit = line.length * 8 > TEXT_WIDTH ? ` textLength="${TEXT_WIDTH}" lengthAdjust="spacingAndGlyphs"` : '';
      return `<text x="50" y="${ys[i]}"${fit}>${escapeXml(line)}</text>`;
    })
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 48" width="160" height="48" role="img" aria-label="${escapeXml(dealer.name)}">`,
    `<rect x="2" y="4" width="40" height="40" rx="8" fill="${badge}"/>`,
    `<text x="22" y="29.5" text-anchor="middle" fill="#fff" font-size="16" font-weight="700" ${FONT}>${escapeXml(initialsOf(dealer.name))}</text>`,
    `<g fill="#1d2b36" font-size="13" font-weight="600" ${FONT}>${text}</g>`,
    '</svg>',
  ].join('');
}

/** GET /platform/dealers/featured?limit={n}&areas={A,B}: with areas, the dealers based in those postcode areas. */
export const listFeaturedDealers: TypedHandler<typeof endpoints.shell.featuredDealers> = async ({ query }, ctx) => {
  const limit = limitParam(query.limit === undefined ? null : String(query.limit), DEFAULT_FEATURED_DEALERS, MAX_FEATURED_DEALERS);
  if (limit === null)
    return ctx.outcome({ status: 400, code: 'bad_request', message: `limit must be a whole number from 1 to ${MAX_FEATURED_DEALERS}` });
  const areas = areasParam(query.areas ?? null);
  if (areas === 'invalid')
    return ctx.outcome({ status: 400, code: 'bad_request', message: 'areas must be postcode areas separated by commas, e.g. B or E,EC,N' });
  const chosen = areas ? DEALERS.filter((d) => areas.includes(d.postcodeArea)).slice(0, limit) : featuredDealers(limit);
  const dealers: DealerLogo[] = chosen.map((d) => ({ id: d.id, name: d.name, town: d.town, logo: { url: dealerLogoPath(d.id) } }));
  return { dealers } satisfies DealerLogosResponse;
};

/** GET /platform/images/dealers/:file ({id}.svg) */
export const dealerLogo: TypedHandler<typeof endpoints.shell.dealerLogo> = async ({ params }, ctx) => {
  const dealer = parseDealerLogoName(params.file);
  if (!dealer) return ctx.outcome({ status: 404, code: 'not_found', message: 'No such image' });
  return ctx.raw(svgResponse(dealerLogoSvg(dealer)));
};
