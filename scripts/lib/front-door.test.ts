import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFrontDoor, TEST_CLIENT_ADDRESS_HEADER } from './front-door.mjs';

/*
 * The local front door (scripts/lib/front-door.mjs) is the edge for `npm start` and the browser
 * tests: the address behind it is the connection's, whatever a client writes in its headers.
 */

let echo: http.Server;
let target: URL;
const doors: http.Server[] = [];

beforeAll(async () => {
  // What reaches the workers: the headers the front door forwarded, as JSON.
  echo = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(request.headers));
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  target = new URL(`http://127.0.0.1:${(echo.address() as AddressInfo).port}`);
});

afterAll(async () => {
  for (const door of doors) door.close();
  echo.close();
});

async function door(options: { testClientAddresses?: boolean } = {}) {
  const server = await startFrontDoor({ host: '127.0.0.1', port: 0, target, ...options });
  doors.push(server);
  const { port } = server.address() as AddressInfo;
  return async (headers: Record<string, string>) =>
    (await (await fetch(`http://127.0.0.1:${port}/`, { headers })).json()) as Record<string, string | undefined>;
}

const FORGED = {
  'cf-connecting-ip': '198.51.100.7',
  'x-forwarded-for': '198.51.100.8, 10.0.0.1',
  'x-real-ip': '198.51.100.9',
  'true-client-ip': '198.51.100.10',
  forwarded: 'for=198.51.100.11',
  'cf-ipcountry': 'GB',
  'cf-ray': '1234-LHR',
  'cf-visitor': '{"scheme":"https"}',
  'mf-route-override': 'kerbside-platform',
  [TEST_CLIENT_ADDRESS_HEADER]: '198.51.100.12',
};

describe('the front door', () => {
  it('sets CF-Connecting-IP to the connection’s address and drops every address a client wrote', async () => {
    const seen = await (await door())({ ...FORGED, cookie: 'a=1', 'user-agent': 'a browser' });
    expect(seen['cf-connecting-ip']).toBe('127.0.0.1');
    for (const name of Object.keys(FORGED).filter((name) => name !== 'cf-connecting-ip')) expect(seen[name], name).toBeUndefined();
    // What is the request's own goes through.
    expect(seen.cookie).toBe('a=1');
    expect(seen['user-agent']).toBe('a browser');
  });

  it('gives a connection without forged headers its own address too', async () => {
    expect((await (await door())({}))['cf-connecting-ip']).toBe('127.0.0.1');
  });

  it('takes a test’s own address from the test header only when started for the browser tests', async () => {
    const tests = await door({ testClientAddresses: true });
    expect((await tests({ [TEST_CLIENT_ADDRESS_HEADER]: '10.1.2.3' }))['cf-connecting-ip']).toBe('10.1.2.3');
    expect((await tests({ [TEST_CLIENT_ADDRESS_HEADER]: '2001:db8::1' }))['cf-connecting-ip']).toBe('2001:db8::1');
    // Not an address, or a list of them: the connection's.
    for (const claimed of ['somewhere', '10.1.2.3, 10.9.9.9', ''])
      expect((await tests({ [TEST_CLIENT_ADDRESS_HEADER]: claimed }))['cf-connecting-ip'], claimed).toBe('127.0.0.1');
    // Even there, the edge's own header from a client counts for nothing, and the test header is not passed on.
    const seen = await tests({ 'cf-connecting-ip': '198.51.100.7' });
    expect(seen['cf-connecting-ip']).toBe('127.0.0.1');
    expect((await tests({ [TEST_CLIENT_ADDRESS_HEADER]: '10.1.2.3' }))[TEST_CLIENT_ADDRESS_HEADER]).toBeUndefined();
  });
});
