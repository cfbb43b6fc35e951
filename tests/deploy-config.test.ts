import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Production by default (issue 18): `wrangler deploy` with no flags ships the production
 * configuration of each worker, and development is an environment one names. What wrangler would
 * deploy is read from its own dry run (no Cloudflare account, no network), which lists the bindings
 * and vars it would upload. The app's dry run bundles build/index.js: `npm run build` first.
 */
const root = path.resolve(import.meta.dirname, '..');
const out = mkdtempSync(path.join(os.tmpdir(), 'kerbside-deploy-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The vars a dry run of the worker in `dir` lists (values as printed, long ones cut short with "..."). */
function dryRun(dir: string, args: string[] = []): { vars: Record<string, string>; services: string[]; output: string } {
  const output = execFileSync(
    path.join(root, 'node_modules/.bin/wrangler'),
    ['deploy', '--dry-run', '--outdir', path.join(out, `${dir || 'app'}${args.join('')}`), ...args],
    {
      cwd: path.join(root, dir),
      env: {
        ...process.env,
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        WRANGLER_SEND_METRICS: 'false',
        CI: 'true',
        NO_COLOR: '1',
        FORCE_COLOR: '0',
      },
      stdio: 'pipe',
      encoding: 'utf8',
    },
  );
  const vars: Record<string, string> = {};
  const services: string[] = [];
  for (const line of output.split('\n')) {
    const variable = /^env\.(\w+) \("(.*)"\)\s+Environment Variable\s*$/.exec(line.trim());
    if (variable) vars[variable[1]!] = variable[2]!;
    const service = /^env\.(\w+) \(([^)]*)\)\s+Worker\s*$/.exec(line.trim());
    if (service) services.push(`${service[1]}→${service[2]}`);
  }
  return { vars, services, output };
}

describe('a plain wrangler deploy', () => {
  it('of the app ships production: no development mailbox, secrets or placeholder video', () => {
    const { vars, services, output } = dryRun('');
    expect(vars.ENVIRONMENT).toBe('production');
    expect(vars.FEATURE_FLAGS).toBe('{}');
    expect(Object.keys(vars)).not.toContain('SESSION_SECRETS');
    expect(Object.keys(vars)).not.toContain('GATEWAY_SECRET');
    expect(Object.keys(vars)).not.toContain('YOUTUBE_EMBED_URL');
    expect(services).toEqual([]);
    // Set per deployment, like DEALER_NETWORK_SIZE: a deploy without it refuses to start rather
    // than build its links on a local address.
    expect(Object.keys(vars)).not.toContain('PUBLIC_ORIGIN');
    expect(output).not.toMatch(/dev-only-|devMailbox|placeholder|development|localhost/);
  }, 120_000);

  it('of the platform ships production: no development secrets, real sale timings', () => {
    const { vars, output } = dryRun('platform');
    expect(vars.ENVIRONMENT).toBe('production');
    // The client account is per deployment: production ships none (and refuses the sandbox one, platform/src/env.ts).
    for (const secret of [
      'TOKEN_SECRET',
      'PAYMENTS_KEY',
      'GATEWAY_SECRET',
      'SALE_START_DELAY_SECONDS',
      'SALE_WINDOW_SECONDS',
      'CLIENT_ACCOUNT_NAME',
      'CLIENT_ACCOUNT_NUMBER',
    ]) {
      expect(Object.keys(vars)).not.toContain(secret);
    }
    expect(output).toMatch(/env\.DB \(kerbside-platform\)\s+D1 Database/);
    expect(output).toMatch(/env\.DOCUMENTS \(kerbside-documents\)\s+R2 Bucket/);
    expect(output).not.toMatch(/dev-only-|development/);
  }, 120_000);

  it('ships development only when it is named, as a worker of its own', () => {
    const app = dryRun('', ['--env', 'development']);
    expect(app.vars.ENVIRONMENT).toBe('development');
    expect(app.vars.SESSION_SECRETS).toMatch(/^dev-only-/);
    expect(app.vars.FEATURE_FLAGS).toMatch(/"devMailbox":true/);
    expect(app.vars.PUBLIC_ORIGIN).toBe('http://localhost:8787');
    expect(app.services).toEqual(['GATEWAY→kerbside-platform-development']);
    const platform = dryRun('platform', ['--env', 'development']);
    expect(platform.vars.ENVIRONMENT).toBe('development');
    expect(platform.vars.GATEWAY_SECRET).toMatch(/^dev-only-/);
    expect(platform.vars.SALE_WINDOW_SECONDS).toBe('25');
    expect(platform.vars.CLIENT_ACCOUNT_NAME).toMatch(/^SANDBOX /);
  }, 120_000);
});

describe('the hostnames a deploy serves', () => {
  it('are the deployment’s own routes only: no workers.dev address or preview URLs for either worker (ADR 031)', async () => {
    const { unstable_readConfig: readConfig } = await import('wrangler');
    for (const config of ['wrangler.toml', 'platform/wrangler.toml']) {
      for (const env of [undefined, 'development']) {
        const read = readConfig({ config: path.join(root, config), env });
        expect(read.workers_dev, `${config} ${env ?? 'production'}`).toBe(false);
        expect(read.preview_urls, `${config} ${env ?? 'production'}`).toBe(false);
      }
    }
  });
});
