import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { makeContent } from '~/features/content/content.server';
import { contentValues } from '~/features/content/content-values';

/**
 * `POST /api/content/make` {make}: a make's brand content as JSON (docs/behaviour/gateway.md#shell-calls), the same the brand
 * page renders on the server. Form-encoded or JSON bodies; an unknown make is a 404.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const make = await makeParam(request);
  if (make === null) return Response.json({ code: 'bad_request', message: 'make must be a make slug, e.g. land-rover' }, { status: 400 });
  const content = makeContent(make, contentValues(context.config));
  if (!content) return Response.json({ code: 'not_found', message: 'No content for this make' }, { status: 404 });
  return Response.json(content, { headers: { 'Cache-Control': 'public, max-age=300' } });
}

async function makeParam(request: Request): Promise<string | null> {
  const type = request.headers.get('content-type') ?? '';
  let value: unknown = null;
  if (type.startsWith('application/json')) value = ((await request.json().catch(() => null)) as { make?: unknown } | null)?.make;
  else value = (await request.formData().catch(() => null))?.get('make');
  return typeof value === 'string' && /^[a-z0-9-]{1,40}$/.test(value) ? value : null;
}

export async function loader() {
  return new Response('Not Found', { status: 404 });
}
