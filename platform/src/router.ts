import type { z, ZodTypeAny } from 'zod';
import { pathPattern, type AnyEndpoint, type Endpoint, type OutcomesOf, type PathParams, type ResponseOf } from '../../contract/endpoint';
import { authenticate, invalidToken, requireCustomer, type Caller, type Customer } from './auth';
import type { PlatformEnv } from './env';
import {
  declaresMoreThan,
  errorResponse,
  json,
  MAX_BODY_BYTES,
  PayloadTooLarge,
  payloadTooLarge,
  readBodyText,
  readMultipart,
} from './http';
import { multipartBodyLimit } from '../../contract/documents';
import { findOwnEnquiry, type EnquiryRow } from './records/enquiries';

/**
 * The platform's router over the endpoint table (docs/decisions/033). A handler is `(input, ctx) →
 * result`: before it runs, the router has checked who is calling against the entry's `auth`, read
 * the query and body with the entry's schemas (a 400 `invalid_input` with the words per field when
 * they do not fit), and found the caller's own enquiry for an entry that `owns` one (a 404 for
 * anyone else's). The handler answers its response (200 JSON), or one of `ctx`'s replies: an
 * outcome the entry declares (its status and code checked by the type system), a created or
 * accepted answer, or a response of its own kind (an image, a file).
 */

/** What a handler is given besides its input: the runtime's request, environment and context, and its replies. */
export interface HandlerContext<E extends AnyEndpoint = AnyEndpoint> {
  env: PlatformEnv;
  request: Request;
  exec: ExecutionContext;
  /**
   * One of the endpoint's declared outcomes: its status and code must be a pair the entry lists.
   * `extra` goes into the body beside the code and message, `headers` onto the answer.
   */
  outcome(
    outcome: DeclaredOutcome<E> & {
      message: string;
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      extra?: Record<string, unknown>;
    },
  ): Reply;
  /**
   * A failure rather than an answer: nothing found (404), a rate limit (429), or the platform or
   * an outside provider failing (5xx). The app reads it by its kind (not found, rate limited,
   * unavailable), never as an outcome, so the entry does not list it.
   */
  fail(failure: { status: FailureStatus; code: string; message: string; headers?: Record<string, string> }): Reply;
  /** The response, answered 201 or 202. */
  created(value: ResponseOf<E>): Reply;
  accepted(value: ResponseOf<E>): Reply;
  /** 204, for an endpoint that answers nothing. */
  noContent(): Reply;
  /** A response the handler made itself: an image, a file, a script. */
  raw(response: Response): Reply;
}

/** The statuses a handler may fail with (HandlerContext.fail). */
export type FailureStatus = 404 | 429 | 500 | 502 | 503 | 504;

/** A status and code the endpoint declares: each status with one of its own codes. */
export type DeclaredOutcome<E> = {
  [S in keyof OutcomesOf<E> & number]: { status: S; code: OutcomesOf<E>[S][number] };
}[keyof OutcomesOf<E> & number];

/** A handler's answer other than its plain response. */
export class Reply {
  constructor(readonly toResponse: () => Response) {}
}

type SchemaOutput<S> = S extends ZodTypeAny ? z.output<S> : S extends 'multipart' ? FormData : undefined;
type AuthPart<A> = A extends 'caller' ? { caller: Caller } : A extends 'customer' | 'proven' ? { customer: Customer } : unknown;
type OwnsPart<W> = [W] extends [undefined] ? unknown : { enquiry: EnquiryRow };

/** What the router hands a handler: the path's params, the checked query and body, and who and what the call is about. */
export type HandlerInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, any, any, infer A, infer W>
    ? { params: Record<PathParams<P>, string>; query: SchemaOutput<Q>; body: SchemaOutput<B> } & AuthPart<A> & OwnsPart<W>
    : never;

export type TypedHandler<E extends AnyEndpoint> = (input: HandlerInput<E>, ctx: HandlerContext<E>) => Promise<ResponseOf<E> | Reply>;

/**
 * One handler for every endpoint of a group of the table, and none for an endpoint the group does
 * not have: a feature's map that misses one, or names one too many, does not compile.
 */
export type Handlers<Group extends Record<string, AnyEndpoint>> = { readonly [Key in keyof Group]: TypedHandler<Group[Key]> };

function replies(): Omit<HandlerContext, 'env' | 'request' | 'exec'> {
  return {
    outcome: ({ status, code, message, fields, headers = {}, extra = {} }) =>
      new Reply(() => json({ code, message, ...(fields ? { fields } : {}), ...extra }, status, headers)),
    fail: ({ status, code, message, headers = {} }) => new Reply(() => json({ code, message }, status, headers)),
    created: (value) => new Reply(() => json(value, 201)),
    accepted: (value) => new Reply(() => json(value, 202)),
    noContent: () => new Reply(() => new Response(null, { status: 204 })),
    raw: (response) => new Reply(() => response),
  };
}

/** A refused input: the first problem as the message, and each field's own. */
function invalidInput(error: z.ZodError): Response {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return json({ code: 'invalid_input', message: error.issues[0]?.message ?? 'The request is not valid', fields }, 400);
}

/** A query string as an object: each name's value, or its values when it is given more than once. */
function queryObject(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length > 1 ? values : values[0]!;
  }
  return query;
}

/** An enquiry id where the entry says it is: digits only, so '1e3' or '' never name enquiry 1000 or 0. */
function enquiryIdOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

interface Route {
  endpoint: AnyEndpoint;
  pattern: RegExp;
  keys: string[];
  handler: TypedHandler<AnyEndpoint>;
  maxBodyBytes: number;
  /** For an upload (`body: 'multipart'`): how big its file may be. */
  uploadLimit: number | undefined;
}

async function runTyped(route: Route, request: Request, env: PlatformEnv, exec: ExecutionContext, params: Record<string, string>) {
  const { endpoint } = route;
  const input: Record<string, unknown> = { params };
  // An upload is read before anything is answered: an answer sent while the client is still
  // sending its file resets the connection under it, and the answer is lost.
  if (endpoint.body === 'multipart') {
    const form = await readMultipart(request, route.uploadLimit!);
    if (form instanceof Response) return form;
    input.body = form;
  }
  // Who is calling, as the entry asks.
  if (endpoint.auth === 'caller') {
    const caller = await authenticate(request, env);
    if (caller === 'invalid') return invalidToken();
    input.caller = caller;
  } else if (endpoint.auth === 'customer' || endpoint.auth === 'proven') {
    const customer = await requireCustomer(request, env, { provenAddress: endpoint.auth === 'proven' });
    if (customer instanceof Response) return customer;
    input.customer = customer;
  }
  // The query and the body, read with the entry's schemas.
  const url = new URL(request.url);
  if (endpoint.query) {
    const parsed = (endpoint.query as ZodTypeAny).safeParse(queryObject(url));
    if (!parsed.success) return invalidInput(parsed.error);
    input.query = parsed.data;
  }
  if (endpoint.body && endpoint.body !== 'multipart') {
    let raw: unknown;
    try {
      const text = await readBodyText(request, route.maxBodyBytes);
      raw = text === '' ? {} : JSON.parse(text);
    } catch (error) {
      if (error instanceof PayloadTooLarge) return payloadTooLarge();
      return errorResponse(400, 'bad_request', 'Send the body as a JSON object');
    }
    const parsed = (endpoint.body as ZodTypeAny).safeParse(raw);
    if (!parsed.success) return invalidInput(parsed.error);
    input.body = parsed.data;
  }
  // The caller's own enquiry, for an entry about one.
  if (endpoint.owns) {
    const [from, key] = endpoint.owns.enquiry.split('.') as ['params' | 'query' | 'body', string];
    const source = from === 'params' ? params : from === 'query' ? queryObject(url) : input.body;
    const id = enquiryIdOf(source instanceof FormData ? source.get(key) : (source as Record<string, unknown> | undefined)?.[key]);
    const customer = input.customer as Customer | undefined;
    if (!customer) throw new Error(`${endpoint.name} owns an enquiry but lets anyone call it`);
    if (id === null) return errorResponse(400, 'bad_request', 'enquiryId is required');
    const enquiry = await findOwnEnquiry(env.DB, customer.user.id, id);
    if (!enquiry) return errorResponse(404, 'enquiry_not_found', 'No such enquiry in your account');
    input.enquiry = enquiry;
  }
  const ctx: HandlerContext = { env, request, exec, ...replies() };
  const result = await (route.handler as TypedHandler<AnyEndpoint>)(input as never, ctx);
  return result instanceof Reply ? result.toResponse() : json(result);
}

/**
 * The platform serves the table's endpoints and nothing else, so a route is an endpoint (its
 * method and path) and its handler. The first route whose path and method match wins; a path that
 * matches only with other methods is a 405.
 */
export class Router {
  private readonly routes: Route[] = [];

  /**
   * `maxBodyBytes` is what the route may be sent (MAX_BODY_BYTES unless it says otherwise): a
   * declared Content-Length over it is a 413 before the handler runs, and a body without one is
   * held to the same limit as it is read. An upload says instead how big its file may be
   * (`uploadLimit`), and may be sent that and the form around it.
   */
  on(
    endpoint: AnyEndpoint,
    handler: TypedHandler<AnyEndpoint>,
    { maxBodyBytes, uploadLimit }: { maxBodyBytes?: number; uploadLimit?: number } = {},
  ): this {
    const { pattern, keys } = pathPattern(endpoint.path);
    if (endpoint.auth === undefined) throw new Error(`${endpoint.name}: an entry says who may call it (auth)`);
    if (endpoint.body === 'multipart' && uploadLimit === undefined) throw new Error(`${endpoint.name}: an upload needs its uploadLimit`);
    const limit = maxBodyBytes ?? (uploadLimit === undefined ? MAX_BODY_BYTES : multipartBodyLimit(uploadLimit));
    this.routes.push({ endpoint, pattern, keys, handler, maxBodyBytes: limit, uploadLimit });
    return this;
  }

  /** The endpoint each request handled here went to: the request log names it without matching again. */
  private readonly matched = new WeakMap<Request, string>();

  /** The name of the endpoint `handle` sent a request to (`entry.lookup`), or null for none. */
  endpointOf(request: Request): string | null {
    return this.matched.get(request) ?? null;
  }

  async handle(request: Request, env: PlatformEnv, exec: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    let pathMatched = false;
    for (const route of this.routes) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      pathMatched = true;
      if (route.endpoint.method !== request.method) continue;
      const params = decodedParams(route.keys, match);
      // A path segment that is not valid percent-encoding names nothing we have.
      if (!params) return errorResponse(404, 'not_found', 'No such endpoint');
      this.matched.set(request, route.endpoint.name);
      if (declaresMoreThan(request, route.maxBodyBytes)) return payloadTooLarge();
      return runTyped(route, request, env, exec, params);
    }
    return pathMatched
      ? errorResponse(405, 'method_not_allowed', `${request.method} is not allowed here`)
      : errorResponse(404, 'not_found', 'No such endpoint');
  }
}

function decodedParams(keys: string[], match: RegExpExecArray): Record<string, string> | null {
  try {
    return Object.fromEntries(keys.map((key, i) => [key, decodeURIComponent(match[i + 1]!)]));
  } catch {
    return null;
  }
}
