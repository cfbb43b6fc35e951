import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFrontDoor } from '../scripts/lib/front-door.mjs';
import { Browser, textOf } from './support/browser';
import { startWorkers, type Workers } from './support/workers';

/**
 * The per-address limits behind the local front door (`npm start`, scripts/lib/front-door.mjs):
 * a seller who writes a new CF-Connecting-IP (or X-Forwarded-For…) on every request is still one
 * address, the connection's.
 */

let workers: Workers;
let door: Server;
let doorUrl: string;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { LOOKUP_RATE_LIMIT: '3' } });
  door = await startFrontDoor({ host: '127.0.0.1', port: 0, target: await workers.mf.ready });
  doorUrl = `http://127.0.0.1:${(door.address() as AddressInfo).port}`;
});
afterAll(async () => {
  door?.close();
  door?.closeAllConnections();
  await workers?.dispose();
});

let forged = 0;
/** A browser through the front door that claims a new address with every request. */
const rotatingBrowser = () =>
  new Browser((pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    forged += 1;
    headers.set('cf-connecting-ip', `198.51.100.${forged % 250}`);
    headers.set('x-forwarded-for', `203.0.113.${forged % 250}`);
    headers.set('true-client-ip', `192.0.2.${forged % 250}`);
    return fetch(`${doorUrl}${pathname}`, { ...init, headers, redirect: 'manual' });
  });

describe('the front door', () => {
  it('keeps the lookup limit on a seller who forges a new address with every request', async () => {
    const browser = rotatingBrowser();
    for (let i = 0; i < 3; i++) expect((await browser.post('/?index', { vrm: 'KE19FTA' })).headers.get('location')).toBe('/mileage');
    const limited = await browser.post('/?index', { vrm: 'KE19FTA' });
    expect(limited.headers.get('location')).toBe('/');
    expect(textOf(await (await browser.follow(limited)).text())).toContain('Too many requests');
    // And the limit's key was the connection's address, not any the seller wrote.
    const keys = await workers.db.prepare("SELECT key FROM rate_limits WHERE key LIKE '%198.51.100.%' OR key LIKE '%203.0.113.%'").all();
    expect(keys.results).toEqual([]);
  });
});
