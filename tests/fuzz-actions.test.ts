import { afterAll, beforeAll } from 'vitest';
import type { Browser } from './support/browser';
import { ACTIONS, fuzzEveryAction, fuzzVisitor, startFuzzWorkers } from './support/fuzz';
import type { Workers } from './support/workers';

/**
 * Bad input never makes a 5xx (docs/decisions/010), from a visitor: property-based posts to every
 * action a visitor can reach (tests/support/fuzz.ts says how). The seller's actions are
 * tests/fuzz-seller-actions.test.ts: two files, two pairs of workers side by side.
 */
let workers: Workers;
let visitor: Browser;
beforeAll(async () => {
  workers = await startFuzzWorkers();
  visitor = await fuzzVisitor(workers);
}, 180_000);
afterAll(() => workers?.dispose());

fuzzEveryAction(
  ACTIONS.filter((a) => a.as === 'visitor'),
  () => ({ workers, browser: visitor }),
);
