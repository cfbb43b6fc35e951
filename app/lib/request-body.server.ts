/**
 * Every action reads its body as a form (HTML forms send nothing else). A post whose body is not a
 * form, or is a form that cannot be read (a multipart body cut short, a wrong boundary), is answered
 * here, once for every route, with a page saying so: an action never meets a body it cannot parse.
 */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

export type BodyProblem = { status: 415; reason: 'not_a_form' } | { status: 400; reason: 'unreadable_form' };

/** A post's body read once as a form (`form`), or what is wrong with it (`problem`); nothing for other methods. */
export async function readFormBody(request: Request): Promise<{ problem: BodyProblem | null; form: FormData | null }> {
  if (request.method !== 'POST') return { problem: null, form: null };
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) return { problem: { status: 415, reason: 'not_a_form' }, form: null };
  try {
    // A copy: the action reads the original. Parsing twice costs far less than a form lost to a 500.
    return { problem: null, form: await request.clone().formData() };
  } catch {
    return { problem: { status: 400, reason: 'unreadable_form' }, form: null };
  }
}
