import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house rules eslint.config.js holds (ADR 015, ADR 033), each tried on a file that breaks it:
 * a rule that let its own breach through would keep nothing. The files are linted as text at the
 * paths they would have, so nothing is written to the tree.
 */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

describe('the lint rules', () => {
  it('keep SQL in the stores and records: .prepare( anywhere else in the platform fails', { timeout: 60_000 }, async () => {
    const sql = "export const read = (db: D1Database) => db.prepare('SELECT 1').first();\n";
    expect(await rulesBroken('platform/src/sale/handler-with-sql.ts', sql)).toContain('no-restricted-syntax');
    expect(await rulesBroken('platform/src/sale/store.ts', sql)).not.toContain('no-restricted-syntax');
    expect(await rulesBroken('platform/src/sale/payments-store.ts', sql)).not.toContain('no-restricted-syntax');
    expect(await rulesBroken('platform/src/records/anything.ts', sql)).not.toContain('no-restricted-syntax');
  });

  it('keep the wings in their order: a lower wing importing a higher one fails, on both workers', { timeout: 60_000 }, async () => {
    expect(await rulesBroken('platform/src/entry/up.ts', "export { saleHandlers } from '../sale/handlers';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesBroken('platform/src/records/up.ts', "export { accountHandlers } from '../account/handlers';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesBroken('app/features/shell/up.ts', "export { signUp } from '~/features/account/accounts.server';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('keep route modules unimported and the browser off server modules', { timeout: 60_000 }, async () => {
    expect(
      await rulesBroken('app/features/shell/uses-a-route.ts', "export { default } from '~/features/shell/routes/not-found';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('app/features/shell/browser.tsx', "import { z } from 'zod';\nexport const s = z.string();\n")).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
  });
});
