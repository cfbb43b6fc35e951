import { describe, expect, it } from 'vitest';
import { generateRegister } from '../../seed/generate.mjs';
import {
  BODY_KEYS,
  bodyKeyOf,
  COLOUR_HEX,
  colourKeyOf,
  parseVehicleImageName,
  vehicleImagePath,
  vehicleSvg,
  type ColourKey,
} from './vehicle-images';

describe('vehicle image names', () => {
  it('are {body}-{colour}.svg with a known body and colour', () => {
    expect(parseVehicleImageName('hatchback-blue.svg')).toEqual({ body: 'hatchback', colour: 'blue' });
    expect(parseVehicleImageName('motorcycle-turquoise.svg')).toEqual({ body: 'motorcycle', colour: 'turquoise' });
    for (const name of [
      'hatchback-blue.png',
      'Hatchback-blue.svg',
      'hatchback-blue',
      'tank-blue.svg',
      'hatchback-tartan.svg',
      'hatchback-constructor.svg',
      'hatchback-blue.svg.svg',
      '../x-blue.svg',
      'suv--blue.svg',
    ])
      expect(parseVehicleImageName(name)).toBeNull();
  });

  it('exist for every body and colour in the register', () => {
    const { vehicles } = generateRegister({ asOf: '2026-11-01' }) as { vehicles: { body: string; colour: string; vehicle_type: string }[] };
    for (const v of vehicles) {
      const file = vehicleImagePath(v.body, v.colour, v.vehicle_type).split('/').pop()!;
      expect(parseVehicleImageName(file), `${v.body} ${v.colour}`).not.toBeNull();
    }
  });

  it('draw register bodies as the nearest shape, else by the kind of vehicle', () => {
    expect(bodyKeyOf('Panel Van')).toBe('van');
    expect(bodyKeyOf('Roadster')).toBe('convertible');
    expect(bodyKeyOf('Station Wagon')).toBe('suv');
    expect(bodyKeyOf('Motorcycle')).toBe('motorcycle');
    expect(bodyKeyOf('Double Cab Pick-up')).toBe('pickup');
    expect(bodyKeyOf('Box', 'van')).toBe('van');
    expect(bodyKeyOf('Trike', 'motorcycle')).toBe('motorcycle');
    expect(bodyKeyOf('Limousine Hearse')).toBe('saloon');
    expect(bodyKeyOf('Unknown', 'car')).toBe('hatchback');
    expect(colourKeyOf('SILVER')).toBe('silver');
    expect(colourKeyOf('MULTI-COLOUR')).toBe('grey');
    expect(colourKeyOf('NOT STATED')).toBe('grey');
  });
});

describe('vehicle illustrations', () => {
  it('are small 137×124 SVGs in the body colour, without script or outside references', () => {
    for (const body of BODY_KEYS) {
      for (const colour of Object.keys(COLOUR_HEX) as ColourKey[]) {
        const svg = vehicleSvg(body, colour);
        expect(svg.length).toBeLessThan(2048);
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 137 124" width="137" height="124">/);
        expect(svg).toContain(`fill="${COLOUR_HEX[colour]}"`);
        expect(svg).not.toMatch(/<script|href|on[a-z]+=|url\(/i);
        expect(svg.endsWith('</svg>')).toBe(true);
      }
    }
  });

  it('differ by body', () => {
    expect(new Set(BODY_KEYS.map((body) => vehicleSvg(body, 'red'))).size).toBe(BODY_KEYS.length);
  });
});
