import { describe, expect, it, vi } from 'vitest';
import { SharedBlocks, STALE_MS } from './shared-blocks.server';

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('SharedBlocks', () => {
  it('keeps a block for its fresh time, then fetches it again', async () => {
    const time = clock();
    const blocks = new SharedBlocks(time.now);
    const load = vi.fn(async () => ({ n: load.mock.calls.length }));
    expect(await blocks.get('reviews', 60_000, load)).toEqual({ n: 1 });
    time.advance(59_999);
    expect(await blocks.get('reviews', 60_000, load)).toEqual({ n: 1 });
    time.advance(1);
    expect(await blocks.get('reviews', 60_000, load)).toEqual({ n: 2 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps each key apart', async () => {
    const blocks = new SharedBlocks(clock().now);
    expect(await blocks.get('a', 60_000, async () => 'A')).toBe('A');
    expect(await blocks.get('b', 60_000, async () => 'B')).toBe('B');
    expect(await blocks.get('a', 60_000, async () => 'changed')).toBe('A');
  });

  it('serves the last copy while the platform fails, for up to ten minutes, then passes the failure on', async () => {
    const time = clock();
    const blocks = new SharedBlocks(time.now);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await blocks.get('sales', 60_000, async () => ['sold']);
    const failing = async () => {
      throw new Error('platform down');
    };
    time.advance(STALE_MS - 1);
    expect(await blocks.get('sales', 60_000, failing)).toEqual(['sold']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('block.stale'));
    time.advance(1);
    await expect(blocks.get('sales', 60_000, failing)).rejects.toThrow('platform down');
    warn.mockRestore();
  });

  it('keeps nothing with a fresh time of 0', async () => {
    const blocks = new SharedBlocks(clock().now);
    const load = vi.fn(async () => 'x');
    await blocks.get('k', 0, load);
    await blocks.get('k', 0, load);
    expect(load).toHaveBeenCalledTimes(2);
    await expect(blocks.get('k', 0, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  });
});
