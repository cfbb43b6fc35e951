import { describe, expect, it } from 'vitest';
import { bodyLimitFor, MAX_FORM_BYTES, MAX_UPLOAD_FORM_BYTES, readFormBody } from './request-body.server';

/** A body of `chunks` 16 KB pieces, each made only when the reader asks, counting what it asked for. */
function countingBody(chunks: number) {
  const counter = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= chunks) return controller.close();
        counter.pulled += 1;
        controller.enqueue(counter.pulled === 1 ? new TextEncoder().encode('a=') : new Uint8Array(16 * 1024).fill(0x78));
      },
    },
    { highWaterMark: 0 },
  );
  return { counter, body };
}

const post = (path: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request(`https://kerbside.test${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);

describe('a post’s body', () => {
  it('is read as a form within 64 KB', async () => {
    const { problem, form } = await readFormBody(post('/mileage', 'intent=confirm&mileage=65000'));
    expect(problem).toBeNull();
    expect(form?.get('mileage')).toBe('65000');
  });

  it('is refused with 413 on a declared length over the limit, without a byte read', async () => {
    const { counter, body } = countingBody(1000);
    const { problem } = await readFormBody(post('/api/page-view', body, { 'content-length': String(MAX_FORM_BYTES + 1) }));
    expect(problem).toEqual({ status: 413, reason: 'too_large', limit: MAX_FORM_BYTES });
    expect(counter.pulled).toBe(0);
  });

  it('is refused with 413 as soon as a body without a length passes the limit', async () => {
    const { counter, body } = countingBody(1000);
    const { problem } = await readFormBody(post('/api/page-view', body));
    expect(problem?.status).toBe(413);
    // The first piece is "a=", then 16 KB pieces: 64 KB is passed during the fifth of them.
    expect(counter.pulled).toBeLessThanOrEqual(7);
  });

  it('is refused, not parsed, with a Content-Length that is not a length', async () => {
    expect((await readFormBody(post('/mileage', 'a=1', { 'content-length': 'lots' }))).problem?.status).toBe(413);
  });

  it('may be larger on the steps that take a file, and only there', () => {
    for (const path of [
      '/KE19FTA/profile/photos',
      '/KE19FTA/upload-documents',
      '/KE19FTA/upload-documents/v5c',
      '/KE19FTA/get-ahead/upload-documents/v5c.data',
      '/KE19FTA/request/driving-licence',
      '/KE19FTA/automated-docs-upload/2',
    ])
      expect(bodyLimitFor(path), path).toBe(MAX_UPLOAD_FORM_BYTES);
    for (const path of [
      '/api/page-view',
      '/mileage',
      '/KE19FTA/request/bank-details',
      '/KE19FTA/request/bank-details/confirmed',
      '/KE19FTA/add-bank-details',
      '/upload-documents',
    ])
      expect(bodyLimitFor(path), path).toBe(MAX_FORM_BYTES);
  });
});
