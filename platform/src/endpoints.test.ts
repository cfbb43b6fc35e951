import { describe, expect, it } from 'vitest';
import { fillPath, type AnyEndpoint } from '../../contract/endpoint';
import { endpoints } from '../../contract/endpoints';
import { Router } from './router';

const all: AnyEndpoint[] = Object.values(endpoints).flatMap((group) => Object.values(group));

describe('the endpoint table (contract/endpoints.ts)', () => {
  it('declares each method and path once, under a name of its own', () => {
    const routes = all.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    expect(new Set(all.map((endpoint) => endpoint.name)).size).toBe(all.length);
    for (const endpoint of all) expect(endpoint.name).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
  });

  it("sends every endpoint's requests to its own handler, registered in the table's order", async () => {
    const router = new Router();
    // Every route answers its own name, for anyone and whatever it is sent: what matters here is
    // which handler a request reaches, not the checks before it.
    for (const endpoint of all) {
      const open = { ...endpoint, auth: 'none', owns: undefined, query: undefined, body: undefined } as AnyEndpoint;
      router.on(open, async (_input, ctx) => ctx.raw(new Response(endpoint.name)));
    }
    for (const endpoint of all) {
      // A fixed path that a parameter would also match (address/suggestions, address/:id) comes
      // first in the table, so a fixed path reaches its own handler and any other value the parameter's.
      const params = Object.fromEntries((endpoint.path.match(/:[a-zA-Z]+/g) ?? []).map((key) => [key.slice(1), 'KE19FTA']));
      const request = new Request(`https://platform.test${fillPath(endpoint.path, params)}`, { method: endpoint.method });
      const answer = await router.handle(request, {} as never, {} as ExecutionContext);
      expect(await answer.text(), `${endpoint.method} ${endpoint.path}`).toBe(endpoint.name);
    }
  });

  it('gives payments calls 20 s and the premium offer 10 s', () => {
    for (const endpoint of all) {
      const expected = endpoint.path.startsWith('/platform/payments/')
        ? 'payments'
        : endpoint.path === '/platform/premium-offer'
          ? 'long'
          : 'default';
      expect(endpoint.timeout, endpoint.name).toBe(expected);
    }
  });
});
