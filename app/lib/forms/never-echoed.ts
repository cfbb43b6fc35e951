/**
 * Fields whose values never come back to the page: an action's answer is serialised into the HTML
 * (for hydration, whether a field shows it or not), and a form kept through an outage is written
 * into the page too. The seller types these again. Listed once, for both (form.server.ts and
 * kept-form.ts).
 */
export const NEVER_ECHOED = ['accountNumber', 'password'] as const;

/**
 * Names that look like a secret even if no form of ours sends them yet. A form kept through an
 * outage leaves them out too; an action's answer may carry one only where the page needs it to try
 * again (the MOT reminders' confirmation token, which is in the page's own address anyway).
 */
const SECRET_LOOKING = /account.?number|password|token|secret|card|cvv|iban/i;

export function neverEchoed(name: string): boolean {
  return (NEVER_ECHOED as readonly string[]).includes(name) || SECRET_LOOKING.test(name);
}
