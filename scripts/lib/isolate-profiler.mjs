// The app worker's isolate as `npm run bench` and `scripts/bench-pair.mjs` profile it: V8's sampling
// profiler through Miniflare's inspector (KERBSIDE_INSPECTOR_PORT), and each request's CPU read
// from the samples (docs/performance.md, "SSR CPU per request").
import WebSocket from 'ws';

/** A connection to the app worker's profiler, sampling every 100 µs. */
export async function connectProfiler(inspectorPort) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const target = targets.find((t) => /kerbside/.test(`${t.title} ${t.url}`) && !/platform/.test(`${t.title} ${t.url}`)) ?? targets[0];
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  let id = 0;
  const pending = new Map();
  ws.on('message', (m) => {
    const message = JSON.parse(m.toString());
    if (message.id && pending.has(message.id)) (pending.get(message.id)(message), pending.delete(message.id));
  });
  const send = (method, params = {}) => new Promise((r) => (pending.set(++id, r), ws.send(JSON.stringify({ id, method, params }))));
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 100 });
  return {
    start: () => send('Profiler.start'),
    /** @returns {Promise<object>} the profile since start() */
    stop: async () => (await send('Profiler.stop')).result.profile,
    close: () => ws.close(),
  };
}

/**
 * Each request's CPU time in ms, from a profile and the requests' [start, end] windows in µs of
 * `process.hrtime` (profile timestamps and that clock are both CLOCK_MONOTONIC): the samples in a
 * window whose stack holds JavaScript or the garbage collector.
 */
export function cpuPerWindow(profile, windows) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = (n) => !['(idle)', '(program)', '(root)'].includes(n.callFrame.functionName);
  const perRequest = windows.map(() => 0);
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    // A sample stands for the time until the next one, but no more than two intervals: the
    // profiler takes none while the isolate waits, so a long delta is idle time, not CPU.
    const next = Math.min(profile.timeDeltas[i + 1] ?? 100, 200);
    const node = nodes.get(profile.samples[i]);
    if (!node || !counts(node)) continue;
    const w = windows.findIndex(([a, b]) => t >= a && t <= b);
    if (w >= 0) perRequest[w] += next / 1000;
  }
  return perRequest;
}
