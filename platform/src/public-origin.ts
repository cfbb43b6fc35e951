import { isProduction, type PlatformEnv } from './env';

/**
 * The app's public origin: the first of APP_ORIGINS. Every link the platform puts in an e-mail or a
 * text is built on it, never on an address a request names (a request can come through any host
 * that serves the worker, and a link built from it would send the seller there). Outside
 * production, without APP_ORIGINS, the local default; production without it has no origin at all.
 */
export function publicOrigin(env: PlatformEnv): string | null {
  const first = (env.APP_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .find(Boolean);
  if (first) {
    try {
      return new URL(first).origin;
    } catch {
      return null;
    }
  }
  return isProduction(env) ? null : 'http://localhost:8787';
}

/** The public origin where a message cannot go without it: a misconfigured deployment fails loudly. */
export function requirePublicOrigin(env: PlatformEnv): string {
  const origin = publicOrigin(env);
  if (!origin) throw new Error('APP_ORIGINS is not set (or not a URL): messages would have no links');
  return origin;
}
