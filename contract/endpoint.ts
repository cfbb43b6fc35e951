import type { z, ZodTypeAny } from 'zod';

/**
 * What one platform endpoint is, for both workers (docs/decisions/033): its method and path, who
 * may call it (`auth`) and whose record it is about (`owns`), the schemas its query and body are
 * read with, the outcomes it may answer instead of its response (each status with its closed set
 * of codes), its timeout class, and (as a type) what it answers. The endpoints themselves are
 * declared once, in endpoints.ts: the platform's router parses and checks every call against its
 * entry before a handler sees it, and the app's gateway client calls them with the same types.
 *
 * The schemas are zod's and live here for the platform's router; the app's server imports the
 * table too (its types, and the paths), never the browser (docs/performance.md).
 */

export type Method = 'GET' | 'POST';

/** 5 s by default, 10 s for the calls the gateway's rules name, 20 s for payments (docs/behaviour/gateway.md). */
export type TimeoutClass = 'default' | 'long' | 'payments';

/** The names of a path's `:params`: `'/platform/vehicles/:vrm'` → `'vrm'`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * Who may call:
 * - `none`: anyone the app sends (the platform still answers the app only, by its secret);
 * - `caller`: anyone, and the handler is told who (a signed-in seller, or an anonymous requester);
 * - `customer`: a signed-in seller (401 otherwise);
 * - `proven`: a signed-in seller whose address is proven (403 `address_unproven` otherwise, ADR 014).
 */
export type Auth = 'none' | 'caller' | 'customer' | 'proven';

/** Where the id of the seller's own enquiry the call is about is read from: a 404 for anyone else's. */
export type EnquiryIdFrom = 'params.id' | 'params.enquiryId' | 'query.enquiryId' | 'body.enquiryId';

/** The record a call is about, checked to be the caller's own before the handler runs. */
export interface Owns {
  enquiry: EnquiryIdFrom;
}

/** The statuses an endpoint may answer with instead of its response, each with its closed set of codes. */
export type OutcomeMap = { readonly [status: number]: readonly string[] };

/** The body of every outcome: its code (one of the endpoint's), words for the seller, and per-field words. */
export interface OutcomeBody<Code extends string = string> {
  code: Code;
  message: string;
  fields?: Record<string, string>;
}

/**
 * What the router answers on its own, for any endpoint, before (or instead of) its handler: a query
 * or body its schema refuses (400 `invalid_input`, with the words per field), no seller or the wrong
 * one (401), an unproven address (403), someone else's enquiry (404), a body too large (413).
 */
export const ROUTER_OUTCOMES = {
  400: ['invalid_input', 'bad_request'],
  401: ['token_invalid', 'unauthorised'],
  403: ['address_unproven'],
  404: ['enquiry_not_found', 'not_found'],
  413: ['payload_too_large'],
} as const satisfies OutcomeMap;

/** A body the router does not read as JSON: an upload (multipart, read with its own limit). */
export type BodyKind = ZodTypeAny | 'multipart';

export interface Endpoint<
  P extends string = string,
  Q extends ZodTypeAny | undefined = ZodTypeAny | undefined,
  B extends BodyKind | undefined = BodyKind | undefined,
  Response = unknown,
  O extends OutcomeMap = OutcomeMap,
  A extends Auth | undefined = Auth | undefined,
  W extends Owns | undefined = Owns | undefined,
> {
  /** `group.key` in the table, for logs and failures; set by `endpointTable`. */
  readonly name: string;
  readonly method: Method;
  readonly path: P;
  readonly auth: A;
  readonly owns: W;
  readonly query: Q;
  readonly body: B;
  /** The statuses answered as outcomes, and their codes. */
  readonly outcomes: O;
  /** The same statuses as numbers, for the app's gateway client to read a failure's kind by. */
  readonly outcomeStatuses: readonly number[];
  readonly timeout: TimeoutClass;
  /** Carries the response type; never present at run time. */
  readonly types?: { response: Response };
}

export type AnyEndpoint = Endpoint<string, any, any, any, any, any, any>;

export type ResponseOf<E> = E extends Endpoint<string, any, any, infer R, any, any, any> ? R : never;
export type OutcomesOf<E> = E extends Endpoint<string, any, any, any, infer O, any, any> ? O : never;

/** The codes an endpoint's outcomes may carry (its own, not the router's). */
export type OutcomeCodeOf<E> = OutcomesOf<E>[keyof OutcomesOf<E>] extends readonly (infer C)[] ? C & string : never;

type ParamsPart<P extends string> = [PathParams<P>] extends [never] ? unknown : { params: Record<PathParams<P>, string | number> };
type SchemaInput<S> = [S] extends [undefined] ? never : S extends ZodTypeAny ? z.input<S> : S extends 'multipart' ? FormData : never;
// A query or body whose fields are all optional may be left out.
type Optional<K extends string, T> = [T] extends [never] ? unknown : Record<string, never> extends T ? { [_ in K]?: T } : { [_ in K]: T };

/** What a call to the endpoint passes: its path's params, its query and its body, each only if it has one. */
export type InputOf<E> =
  E extends Endpoint<infer P, infer Q, infer B, any, any, any, any>
    ? ParamsPart<P> & Optional<'query', SchemaInput<Q>> & Optional<'body', SchemaInput<B>>
    : never;

/** A call's arguments: the input, which may be left out when the endpoint takes nothing. */
export type InputArgs<E> = Record<string, never> extends InputOf<E> ? [input?: InputOf<E>] : [input: InputOf<E>];

interface Spec<Q, B, O, A, W> {
  auth: A;
  owns?: W;
  query?: Q;
  body?: B;
  /** Statuses answered as outcomes, each with its codes. */
  outcomes?: O;
  timeout?: TimeoutClass;
}

function endpoint(method: Method, path: string, spec: Spec<unknown, unknown, unknown, unknown, unknown>): AnyEndpoint {
  const outcomes = spec.outcomes ?? {};
  return {
    name: '',
    method,
    path,
    auth: spec.auth as Auth | undefined,
    owns: spec.owns as Owns | undefined,
    query: spec.query as ZodTypeAny | undefined,
    body: spec.body as BodyKind | undefined,
    outcomes: outcomes as OutcomeMap,
    outcomeStatuses: Object.keys(outcomes).map(Number),
    timeout: spec.timeout ?? 'default',
  };
}

/** A GET endpoint answering `Response`. */
export function get<Response>() {
  return <
    const P extends string,
    Q extends ZodTypeAny | undefined = undefined,
    const O extends OutcomeMap = {},
    const A extends Auth = Auth,
    const W extends Owns | undefined = undefined,
  >(
    path: P,
    spec: Spec<Q, undefined, O, A, W>,
  ): Endpoint<P, Q, undefined, Response, O, A, W> => endpoint('GET', path, spec) as never;
}

/** A POST endpoint answering `Response`. */
export function post<Response>() {
  return <
    const P extends string,
    B extends BodyKind | undefined = undefined,
    Q extends ZodTypeAny | undefined = undefined,
    const O extends OutcomeMap = {},
    const A extends Auth = Auth,
    const W extends Owns | undefined = undefined,
  >(
    path: P,
    spec: Spec<Q, B, O, A, W>,
  ): Endpoint<P, Q, B, Response, O, A, W> => endpoint('POST', path, spec) as never;
}

// The constraint names only what the table needs: an endpoint's whole type as the constraint would
// become the contextual type of each entry, and its `any` parts would be inferred for the entry's own.
export function endpointTable<T extends Record<string, Record<string, Pick<AnyEndpoint, 'name' | 'method' | 'path'>>>>(groups: T): T {
  for (const [group, endpoints] of Object.entries(groups)) {
    for (const [key, endpoint] of Object.entries(endpoints)) (endpoint as { name: string }).name = `${group}.${key}`;
  }
  return groups;
}

/** The path with its params filled in (each encoded), e.g. `/platform/vehicles/KE19FTA`. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([a-zA-Z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${path}: no value for :${key}`);
    return encodeURIComponent(String(value));
  });
}

/** The pattern a path's params match, for the platform's router. */
export function pathPattern(path: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = path.replace(/:([a-zA-Z]+)/g, (_, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}/?$`), keys };
}
