/**
 * What one platform endpoint is, for both workers: its method and path, the statuses whose answer
 * is an outcome to show rather than a failure, its timeout class, and (as types only) what it takes
 * and what it answers. The endpoints themselves are declared once, in endpoints.ts: the platform
 * registers its handlers against them and the app's gateway client calls them.
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

export interface Endpoint<P extends string = string, Query = unknown, Body = unknown, Response = unknown> {
  /** `group.key` in the table, for logs and failures; set by `endpointTable`. */
  readonly name: string;
  readonly method: Method;
  readonly path: P;
  /**
   * Statuses the endpoint answers with a `{code}` body the seller's page shows (a lookup the register
   * could not match, a link past its days): outcomes of the call, not failures of the platform.
   */
  readonly outcomes: readonly number[];
  readonly timeout: TimeoutClass;
  /** Carries the types; never present at run time. */
  readonly types?: { query: Query; body: Body; response: Response };
}

export type AnyEndpoint = Endpoint<string, any, any, any>;

export type ResponseOf<E> = E extends Endpoint<string, unknown, unknown, infer R> ? R : never;

type ParamsPart<P extends string> = [PathParams<P>] extends [never] ? unknown : { params: Record<PathParams<P>, string | number> };
// A query or body whose fields are all optional may be left out.
type QueryPart<Q> = [Q] extends [never] ? unknown : Record<string, never> extends Q ? { query?: Q } : { query: Q };
type BodyPart<B> = [B] extends [never] ? unknown : Record<string, never> extends B ? { body?: B } : { body: B };

/** What a call to the endpoint passes: its path's params, its query and its body, each only if it has one. */
export type InputOf<E> = E extends Endpoint<infer P, infer Q, infer B, unknown> ? ParamsPart<P> & QueryPart<Q> & BodyPart<B> : never;

/** A call's arguments: the input, which may be left out when the endpoint takes nothing. */
export type InputArgs<E> = Record<string, never> extends InputOf<E> ? [input?: InputOf<E>] : [input: InputOf<E>];

interface Options {
  outcomes?: readonly number[];
  timeout?: TimeoutClass;
}

/** A GET endpoint answering `Response`, with an optional `Query`. */
export function get<Response, Query = never>() {
  return <const P extends string>(path: P, options: Options = {}): Endpoint<P, Query, never, Response> => ({
    name: '',
    method: 'GET',
    path,
    outcomes: options.outcomes ?? [],
    timeout: options.timeout ?? 'default',
  });
}

/** A POST endpoint taking `Body` and answering `Response`, with an optional `Query`. */
export function post<Body, Response, Query = never>() {
  return <const P extends string>(path: P, options: Options = {}): Endpoint<P, Query, Body, Response> => ({
    name: '',
    method: 'POST',
    path,
    outcomes: options.outcomes ?? [],
    timeout: options.timeout ?? 'default',
  });
}

/** Names every endpoint of a table of groups `group.key`, so failures and logs say which call it was. */
export function endpointTable<T extends Record<string, Record<string, AnyEndpoint>>>(groups: T): T {
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
