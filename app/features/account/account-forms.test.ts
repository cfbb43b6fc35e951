import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { CONTACT_FIELD_RULES } from '../../../contract/contact-rules';
import { DetailsSchema, SignInSchema, SignUpSchema } from './account-forms.server';

/** What the server says about one typed field (conform + zod, as the actions parse it). */
function serverSays(schema: typeof SignUpSchema | typeof SignInSchema | typeof DetailsSchema, name: string, raw: string): string | null {
  const form = new FormData();
  form.set(name, raw);
  const submission = parseWithZod(form, { schema });
  return submission.status === 'success' ? null : (submission.error?.[name]?.[0] ?? null);
}

describe("the contact fields' checks in the browser", () => {
  const cases: Record<keyof typeof CONTACT_FIELD_RULES, string[]> = {
    name: ['', '  ', 'Sarah', 'Sarah Kennedy', ' Sarah  Jane Kennedy ', '12 34', `A ${'b'.repeat(120)}`],
    email: ['', ' ', 'sarah@nowhere', 'sarah@example.co.uk', ' sarah@example.co.uk ', 'a@b.c', `${'a'.repeat(250)}@example.com`],
    phone: ['', '07400 123456', '07400/123456', '+44 7400 123456', '12345', '(020) 7946 0000'],
    postcode: ['', 'ls1 4dy', 'LS14DY', ' M1 1AE ', 'xx', 'SW1A 1AA1'],
  };

  for (const [name, values] of Object.entries(cases) as [keyof typeof CONTACT_FIELD_RULES, string[]][]) {
    const schema = name === 'email' ? SignInSchema : SignUpSchema;
    it.each(values)(`${name}: says what the server says about %j`, (raw) => {
      expect(CONTACT_FIELD_RULES[name](raw)).toBe(serverSays(schema, name, raw));
    });
  }

  it('keeps the account details on the same rules as sign-up', () => {
    for (const name of ['name', 'phone', 'postcode'] as const) {
      for (const raw of cases[name])
        expect(serverSays(DetailsSchema, name, raw), `${name} ${raw}`).toBe(serverSays(SignUpSchema, name, raw));
    }
  });
});
