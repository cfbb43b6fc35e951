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
import http from 'node:http';

/** Headers about one hop, not the request: Node sets its own on each side. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/** @param {string} name */
export const isMiniflareHeader = (name) => name.toLowerCase().startsWith('mf-');

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
 * Serves `host:port`, forwarding to `target` (Miniflare's own URL) without `MF-*` headers.
 * @param {{ host: string, port: number, target: URL }} options
 * @returns {Promise<http.Server>}
 */
export function startFrontDoor({ host, port, target }) {
  // No keep-alive to Miniflare: a pooled socket the runtime has already closed fails the next request
  // sent on it (a reset a browser would see as an error page); a new loopback connection costs little.
  const agent = new http.Agent({ keepAlive: false });
  const server = http.createServer({ noDelay: true }, (request, response) => {
    const upstream = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: forwardable(request.headers, isMiniflareHeader),
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
