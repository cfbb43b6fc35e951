import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, flushingGzip } from './streaming-gzip.server';

const encoder = new TextEncoder();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('flushingGzip', () => {
  it('hands out the compressed shell while the rest is still being rendered, and the whole is valid gzip', async () => {
    const shell = `<header>${'Ford Fiesta '.repeat(400)}</header>`;
    const late = `<section>${'MOT passed '.repeat(300)}</section>`;
    let releaseLate!: () => void;
    const lateReady = new Promise<void>((r) => (releaseLate = r));
    const source = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (let i = 0; i < shell.length; i += 500) controller.enqueue(encoder.encode(shell.slice(i, i + 500)));
        await lateReady;
        controller.enqueue(encoder.encode(late));
        controller.close();
      },
    });
    const reader = source.pipeThrough(flushingGzip()).getReader();
    const received: Uint8Array[] = [];
    // Before the late section exists, the shell must already decode on its own.
    const first = await Promise.race([reader.read(), sleep(500).then(() => null)]);
    expect(first, 'the shell stayed in the encoder').not.toBeNull();
    received.push(first!.value!);
    await sleep(20);
    releaseLate();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received.push(value);
    }
    const all = Buffer.concat(received);
    expect(gunzipSync(all).toString()).toBe(shell + late);
    expect(all.length).toBeLessThan((shell + late).length / 10);
  });
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as browsers send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});
