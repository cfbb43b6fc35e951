import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An e-mail and SMS provider's HTTP API on this machine (NOTIFY_PROVIDER=http): it records every
 * request and can hold one unanswered, as a provider that stalls mid-send.
 */
export async function messageProvider() {
  const requests: { path: string; key: string | null; body: { to: string; subject?: string; text: string } }[] = [];
  let holdNext: RegExp | null = null;
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(raw) as { to: string; subject?: string; text: string };
      requests.push({ path: request.url ?? '', key: (request.headers['idempotency-key'] as string | undefined) ?? null, body });
      if (holdNext?.test(request.url ?? '')) {
        holdNext = null;
        held.push(response);
        return;
      }
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"accepted":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** The next request to a path matching this is taken and never answered: the send hangs. */
    hold: (path: RegExp) => (holdNext = path),
    close: () => {
      for (const response of held) response.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
