/**
 * Experiments decided on the server (docs/behaviour/gateway.md#analytics): no page waits for an experiment SDK. A
 * seller's variant is a deterministic function of their requester id, so it is stable across
 * pages and visits; configuration (`EXPERIMENT_DECISIONS`) can fix any decision, e.g. to end an
 * experiment or to test one variant.
 */
export interface Experiment {
  /** Variant name → share of sellers (weights need not add up to 100). */
  variants: Record<string, number>;
}

export const EXPERIMENTS = {
  /** The home page shows sellers' reviews before the how-it-works steps. */
  home_reviews_first: { variants: { off: 50, on: 50 } },
} as const satisfies Record<string, Experiment>;

export type ExperimentName = keyof typeof EXPERIMENTS;
export type Decisions = { [K in ExperimentName]: keyof (typeof EXPERIMENTS)[K]['variants'] & string };

/** FNV-1a: small, fast and well spread for short ids; not a secret. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function bucket(experiment: string, variants: Record<string, number>, requesterId: string): string {
  const entries = Object.entries(variants).filter(([, weight]) => weight > 0);
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let point = ((fnv1a(`${experiment}:${requesterId}`) % 10_000) / 10_000) * total;
  for (const [variant, weight] of entries) {
    if (point < weight) return variant;
    point -= weight;
  }
  return entries[entries.length - 1]![0];
}

export function decideExperiments(requesterId: string, fixed: Record<string, string>): Decisions {
  const decisions: Record<string, string> = {};
  for (const [name, experiment] of Object.entries(EXPERIMENTS)) {
    const forced = fixed[name];
    decisions[name] = forced && forced in experiment.variants ? forced : bucket(name, experiment.variants, requesterId);
  }
  return decisions as Decisions;
}
