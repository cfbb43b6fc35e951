import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateRegister } from '../../seed/generate.mjs';
import { PROVIDER_FAILURES, SLOW_PROVIDER_VRM } from './register';

const doc = readFileSync(new URL('../../../docs/sandbox.md', import.meta.url), 'utf8');

describe('docs/sandbox.md', () => {
  it('lists every named sandbox vehicle', () => {
    const { sandbox } = generateRegister({ asOf: '2026-11-01' }) as { sandbox: { vrm: string }[] };
    // The brand-new car's plate follows the current period; the doc names the pattern.
    for (const { vrm } of sandbox.filter((s) => !s.vrm.startsWith('KN'))) expect(doc).toContain(`| ${vrm} |`);
  });

  it('lists every simulated provider failure with its code', () => {
    for (const [vrm, failure] of Object.entries(PROVIDER_FAILURES)) expect(doc).toMatch(new RegExp(`${vrm}.*\`${failure.code}\``));
    expect(doc).toContain(SLOW_PROVIDER_VRM);
  });
});
