import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, textOf } from './support/browser';
import { startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '600' } });
});
afterAll(() => workers?.dispose());

async function readChunks(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const chunks: { at: number; text: string }[] = [];
  const started = Date.now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push({ at: Date.now() - started, text: decoder.decode(value, { stream: true }) });
  }
  return chunks;
}

const FALLBACK = 'Checking the MOT history…';
const SUMMARY = 'data-testid="mot-summary"';

describe('streaming policy', () => {
  it('streams the vehicle header first and the MOT history later to a browser that runs scripts', async () => {
    const chunks = await readChunks(await new Browser(workers.fetch, { runsScripts: true }).get('/KE19FTA'));
    const shell = chunks.findIndex((c) => c.text.includes(FALLBACK));
    const later = chunks.findIndex((c) => c.text.includes(SUMMARY));
    expect(shell).toBeGreaterThanOrEqual(0);
    expect(later).toBeGreaterThan(shell);
    // The vehicle (critical data) is already in the shell, before the MOT history arrives.
    expect(chunks.slice(0, shell + 1).map((c) => c.text).join('')).toContain('id="vehicle-title"');
    expect(chunks[later]!.at - chunks[shell]!.at).toBeGreaterThan(300);
  });

  it('sends the complete document to a browser without JavaScript', async () => {
    const response = await new Browser(workers.fetch).get('/KE19FTA');
    const html = await response.text();
    expect(html).toContain(SUMMARY);
    expect(html).not.toContain(FALLBACK);
    expect(textOf(html)).toMatch(/MOT tests? on record/);
  });

  it('sends the complete document to a bot even when it claims to run scripts', async () => {
    const bot = new Browser(workers.fetch, { runsScripts: true, userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    const html = await (await bot.get('/KE19FTA')).text();
    expect(html).toContain(SUMMARY);
    expect(html).not.toContain(FALLBACK);
  });
});
