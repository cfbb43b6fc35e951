import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, PayloadTooLarge, readBodyText, readJsonObject } from './http';

function countingBody(chunks: number) {
  const counter = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= chunks) return controller.close();
        counter.pulled += 1;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { counter, body };
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://platform.internal/platform/api/authn/signin', { method: 'POST', headers, body, duplex: 'half' } as RequestInit);

describe("the platform's request bodies", () => {
  it('are read as JSON within the limit', async () => {
    expect(await readJsonObject(post('{"token":"t"}'))).toEqual({ token: 't' });
    expect(await readJsonObject(post('[1]'))).toBeNull();
    expect(await readJsonObject(post('not json'))).toBeNull();
  });

  it('refuse a declared length over the limit without reading a byte', async () => {
    const { counter, body } = countingBody(100);
    await expect(readBodyText(post(body, { 'content-length': String(MAX_BODY_BYTES + 1) }))).rejects.toBeInstanceOf(PayloadTooLarge);
    expect(counter.pulled).toBe(0);
  });

  it('stop reading a body without a length once it passes the limit', async () => {
    const { counter, body } = countingBody(100);
    await expect(readJsonObject(post(body))).rejects.toBeInstanceOf(PayloadTooLarge);
    // 64 KB is passed during the fifth 16 KB piece.
    expect(counter.pulled).toBe(5);
  });

  it('decode text split across pieces whole', async () => {
    const bytes = new TextEncoder().encode('{"name":"Zoë"}');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 11));
        controller.enqueue(bytes.slice(11));
        controller.close();
      },
    });
    expect(await readJsonObject(post(body))).toEqual({ name: 'Zoë' });
  });
});
