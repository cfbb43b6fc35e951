// The local runner's public port: a small HTTP proxy in front of Miniflare that drops every `MF-*`
// request header, so the only worker a caller can reach is the app.
//
// Why a proxy: Miniflare's entry worker reads its own control headers from whatever arrives on its
// port before any of our code runs. `MF-Route-Override: <worker>` sends the request to any worker
// by name (the platform, with no app in between), `MF-Original-URL` rewrites the URL, `MF-CF-Blob`
// replaces request.cf. Miniflare has no option to turn that routing off or to fix the entry worker
// (every worker gets a route, and getWorker needs them), a worker of ours in front would be routed
// around the same way, and serving the app from a direct socket would skip the entry worker's
// encoding and client-address handling that the pages depend on (ADR 011). So Miniflare listens on
// a loopback port of its choosing and this is the only door: headers in, minus `MF-*`; the answer
// out byte for byte, each chunk as it comes (a streamed page stays streamed, compressed or not).
// Behind it the platform still refuses any caller without the app's GATEWAY_SECRET.
//
// It is the edge, too, for the caller's address: as Cloudflare does, it sets `CF-Connecting-IP` to
// the address the connection came from and drops every address a client wrote itself
// (`X-Forwarded-For`, `X-Real-IP`, `True-Client-IP`, `Forwarded`, any `cf-*`), so a per-address
// rate limit cannot be dodged with a header. The one exception is for the browser tests only: see
// TEST_CLIENT_ADDRESS_HEADER.
import http from 'node:http';
import net from 'node:net';

/** Headers about one hop, not the request: Node sets its own on each side. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/** @param {string} name */
export const isMiniflareHeader = (name) => name.toLowerCase().startsWith('mf-');

/** Where clients claim an address of their own; only the edge says where a request came from. */
const ADDRESS_HEADERS = new Set([
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'true-client-ip',
  'forwarded',
  'x-client-ip',
  'x-cluster-client-ip',
  'fastly-client-ip',
]);

/**
 * The browser tests' own address per test (their per-address limits would otherwise make every
 * test one seller). Honoured only by a front door started with `testClientAddresses: true`, which
 * scripts/start.mjs passes only when KERBSIDE_TEST_CLIENT_ADDRESSES=1 is in its environment (set
 * by playwright.config.ts for its servers alone); otherwise it is dropped like any other claim. A
 * request cannot turn it on: the switch is the process's, read once at start.
 */
export const TEST_CLIENT_ADDRESS_HEADER = 'x-kerbside-test-client-address';

/**
 * Whether a request header is one a client may not send on: Miniflare's controls, claims of an
 * address, and the edge's own `cf-*`.
 * @param {string} name
 */
export function isEdgeOnlyHeader(name) {
  const lower = name.toLowerCase();
  return isMiniflareHeader(lower) || lower.startsWith('cf-') || ADDRESS_HEADERS.has(lower) || lower === TEST_CLIENT_ADDRESS_HEADER;
}

/**
 * The connection's address as the edge would write it: an IPv4 client of a dual-stack socket
 * without its `::ffff:` prefix.
 * @param {string | undefined} address
 */
export function socketAddress(address) {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/**
 * The address to forward: the socket's, or (test servers only) a valid address the test sent.
 * @param {http.IncomingMessage} request
 * @param {boolean} testClientAddresses
 */
function clientAddress(request, testClientAddresses) {
  if (testClientAddresses) {
    const claimed = request.headers[TEST_CLIENT_ADDRESS_HEADER];
    if (typeof claimed === 'string' && net.isIP(claimed.trim())) return claimed.trim();
  }
  return socketAddress(request.socket.remoteAddress);
}

/**
 * @param {http.IncomingHttpHeaders} incoming
 * @param {(name: string) => boolean} drop
 */
function forwardable(incoming, drop) {
  /** @type {http.OutgoingHttpHeaders} */
  const headers = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name) || drop(name)) continue;
    headers[name] = value;
  }
  return headers;
}

/**
 * Serves `host:port`, forwarding to `target` (Miniflare's own URL) without `MF-*` headers or
 * client-sent addresses, with `CF-Connecting-IP` set to the connection's.
 * @param {{ host: string, port: number, target: URL, testClientAddresses?: boolean }} options
 * @returns {Promise<http.Server>}
 */
export function startFrontDoor({ host, port, target, testClientAddresses = false }) {
  // No keep-alive to Miniflare: a pooled socket the runtime has already closed fails the next request
  // sent on it (a reset a browser would see as an error page); a new loopback connection costs little.
  const agent = new http.Agent({ keepAlive: false });
  const server = http.createServer({ noDelay: true }, (request, response) => {
    const headers = forwardable(request.headers, isEdgeOnlyHeader);
    const address = clientAddress(request, testClientAddresses);
    if (address) headers['cf-connecting-ip'] = address;
    const upstream = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers,
      },
      (answer) => {
        response.writeHead(
          answer.statusCode ?? 502,
          answer.statusMessage,
          forwardable(answer.headers, () => false),
        );
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      },
    );
    upstream.on('error', (error) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`The local workers could not be reached: ${error.message}\n`);
    });
    // A browser that goes away mid-answer stops the request behind it too.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
