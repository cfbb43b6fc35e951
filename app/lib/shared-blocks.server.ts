import type { AppLoadContext } from '@remix-run/cloudflare';
import type { AnyEndpoint, InputArgs, ResponseOf } from '../../contract/endpoint';
import { clockNowMs } from './clock.server';

/**
 * The shell's blocks that are the same for every visitor (reviews, recent sales, dealer logos,
 * dealer interest), kept in the isolate for a short while. Without it every page view asked the
 * platform for them again: three calls per home page, which under load cost more than rendering
 * the page (docs/performance.md).
 *
 * - Fresh for `freshMs` (configuration: SHARED_BLOCKS_SECONDS, 60 by default; 0 turns keeping off).
 * - Only values are shared between requests, never a fetch in progress: workerd ties I/O to the
 *   request that started it, so visitors arriving together while a block expires each fetch it.
 * - When a fetch fails, the last copy is served for up to `STALE_MS`, so a short platform failure
 *   does not take the blocks off every page; past that the block is hidden, as before.
 * - Only the per-isolate memory of one worker: nothing about a seller is ever kept here.
 */
export const STALE_MS = 10 * 60_000;
const MAX_ENTRIES = 200;

interface Entry {
  value: unknown;
  storedAt: number;
}

export class SharedBlocks {
  private entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = clockNowMs) {}

  async get<T>(key: string, freshMs: number, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && freshMs > 0 && this.now() - entry.storedAt < freshMs) return entry.value as T;
    try {
      const value = await load();
      if (freshMs > 0) this.store(key, value);
      return value;
    } catch (error) {
      if (entry && freshMs > 0 && this.now() - entry.storedAt < STALE_MS) {
        console.warn(JSON.stringify({ event: 'block.stale', key, error: String(error) }));
        return entry.value as T;
      }
      throw error;
    }
  }

  private store(key: string, value: unknown) {
    // Oldest first: a Map iterates in insertion order, so re-inserting keeps the newest last.
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: this.now() });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** The isolate's own: module scope lives as long as the isolate, across its requests. */
export const sharedBlocks = new SharedBlocks();

/** A public platform answer, the same for every visitor: kept per isolate by `sharedBlocks`. */
export function sharedBlock<E extends AnyEndpoint>(context: AppLoadContext, endpoint: E, ...args: InputArgs<E>): Promise<ResponseOf<E>> {
  const key = `${endpoint.name} ${JSON.stringify(args[0] ?? {})}`;
  return sharedBlocks.get(key, context.config.sharedBlocksSeconds * 1000, () => context.gateway.call(endpoint, ...args));
}

/**
 * A block whose service failed is hidden and the failure logged (docs/behaviour/entry.md#lookup-errors: reported silently),
 * never the page's error.
 */
export function hiddenOnFailure<T>(block: string): (error: unknown) => T | null {
  return (error) => {
    console.warn(JSON.stringify({ event: 'block.unavailable', block, error: String(error) }));
    return null;
  };
}
