/**
 * The platform behind injected faults: sits on the app's GATEWAY binding and forwards every request
 * to the platform (its PLATFORM binding) unless a rule says to fail it. Rules belong to one client
 * address (the x-client-ip the app forwards from cf-connecting-ip), so tests running side by side
 * each fail only their own seller's calls. A faulted call never reaches the platform: whatever the
 * seller sees, nothing was saved behind their back.
 *
 * Control (tests only, through Miniflare's getWorker): POST /__faults {ip, method?, path, fault,
 * delayMs?} adds a rule (path is a regular expression over the pathname), DELETE /__faults?ip=
 * removes that address's rules, GET /__faults?ip= lists them with the calls each one failed.
 */

/** @type {{ ip: string; method: string | null; path: RegExp; source: string; fault: string; delayMs: number; hits: number }[]} */
let rules = [];

const json = (body, status = 200, headers = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

async function control(request) {
  const url = new URL(request.url);
  const ip = url.searchParams.get('ip');
  if (request.method === 'POST') {
    const rule = await request.json();
    rules.push({
      ip: rule.ip,
      method: rule.method ?? null,
      path: new RegExp(rule.path),
      source: rule.path,
      fault: rule.fault,
      delayMs: rule.delayMs ?? 25_000,
      hits: 0,
    });
    return json({ ok: true });
  }
  if (request.method === 'DELETE') {
    rules = ip ? rules.filter((r) => r.ip !== ip) : [];
    return json({ ok: true });
  }
  return json({
    rules: rules.filter((r) => !ip || r.ip === ip).map((r) => ({ path: r.source, method: r.method, fault: r.fault, hits: r.hits })),
  });
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/__faults') return control(request);
    const ip = request.headers.get('x-client-ip') ?? '';
    const rule = rules.find((r) => r.ip === ip && (!r.method || r.method === request.method) && r.path.test(url.pathname));
    if (!rule) return env.PLATFORM.fetch(request);
    rule.hits += 1;
    switch (rule.fault) {
      case 'unreachable':
        // What a refused connection looks like to the caller of a fetch: the promise rejects.
        throw new Error('injected fault: the gateway could not be reached');
      case 'slow':
        // Longer than the app waits; the app has given up by the time this answers.
        await new Promise((resolve) => setTimeout(resolve, rule.delayMs));
        return json({ code: 'gateway_timeout', message: 'Gateway timeout' }, 504);
      case 'server-error':
        return json({ code: 'internal_error', message: 'Internal server error' }, 500);
      case 'malformed':
        // A success cut off mid-body, as a dropped connection or a broken proxy leaves it.
        return new Response('{"enquiry":{"id":1,"status":"sa', { status: 200, headers: { 'content-type': 'application/json' } });
      case 'unauthorized':
        return json({ code: 'unauthorized', message: 'Unauthorized' }, 401);
      // Not an outage: the platform's own rules refusing what was asked (409 and friends).
      case 'refused':
        return json({ code: 'refused', message: 'This step has already been done for this sale.' }, 409);
      case 'rate-limited':
        return json({ code: 'too_many_requests', message: 'Too many requests' }, 429, { 'retry-after': '30' });
      default:
        return json({ code: 'unknown_fault', message: `Unknown fault ${rule.fault}` }, 500);
    }
  },
};
