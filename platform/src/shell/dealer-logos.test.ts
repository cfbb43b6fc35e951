import { describe, expect, it } from 'vitest';
import { dealerLogoSvg, featuredDealers, initialsOf, nameLines, nationOf, parseDealerLogoName } from './dealer-logos';
import { DEALERS } from '../providers/dealers';

describe('featured dealers', () => {
  it('are a stable choice of generalists, the keenest of each nation first, then one per area', () => {
    const eight = featuredDealers(8);
    expect(eight).toHaveLength(8);
    expect(featuredDealers(8)).toEqual(eight);
    expect(eight.every((d) => d.specialities.length === 0)).toBe(true);
    expect(new Set(eight.slice(0, 4).map((d) => nationOf(d.postcodeArea)))).toEqual(
      new Set(['england', 'scotland', 'wales', 'northern-ireland']),
    );
    expect(new Set(eight.map((d) => d.postcodeArea)).size).toBe(8);
    expect(featuredDealers(3)).toEqual(eight.slice(0, 3));
    const generalists = DEALERS.filter((d) => d.specialities.length === 0).length;
    expect(featuredDealers(500)).toHaveLength(generalists);
  });
});

describe('dealer logos', () => {
  it('are named {id}.svg for a dealer of the network', () => {
    expect(parseDealerLogoName('1.svg')?.name).toBe('Harrowgate Motors');
    for (const name of ['0.svg', '999.svg', '01.svg', '1.png', 'x.svg', '1']) expect(parseDealerLogoName(name)).toBeNull();
  });

  it('show initials and the name as text, escaped, in a 160×48 box', () => {
    const svg = dealerLogoSvg({ name: 'Borders Classic & Sports' });
    expect(svg).toContain('viewBox="0 0 160 48"');
    expect(svg).toContain('>BC</text>');
    expect(svg).toContain('&amp; Sports');
    expect(svg).not.toMatch(/& /);
    for (const dealer of DEALERS) expect(dealerLogoSvg(dealer).length).toBeLessThan(2048);
  });

  it('split a long name into two even lines', () => {
    expect(nameLines('Chelmer Cars')).toEqual(['Chelmer Cars']);
    expect(nameLines('Black Country Car Centre')).toEqual(['Black Country', 'Car Centre']);
    expect(initialsOf('EV Direct Bristol')).toBe('ED');
    expect(initialsOf('Two Wheels West')).toBe('TW');
  });
});
