/**
 * A minimal browser for integration tests: keeps cookies between requests, sends a browser
 * User-Agent (curl-like agents count as bots), posts forms as url-encoded bodies.
 */
export const BROWSER_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

type Fetch = (pathname: string, init?: RequestInit) => Promise<Response>;

export interface SetCookie {
  name: string;
  value: string;
  attributes: string[];
}

export function parseSetCookie(header: string): SetCookie {
  const [pair, ...attributes] = header.split(';').map((s) => s.trim());
  const index = pair!.indexOf('=');
  return { name: pair!.slice(0, index), value: pair!.slice(index + 1), attributes };
}

export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly fetcher: Fetch,
    private readonly options: { runsScripts?: boolean; userAgent?: string; ip?: string } = {},
  ) {
    if (options.runsScripts) this.cookies.set('ks_js', '1');
  }

  /** The address this browser's requests come from (cf-connecting-ip), if it has one. */
  get ip(): string | null {
    return this.options.ip ?? null;
  }

  private headers(extra: HeadersInit = {}): Headers {
    const headers = new Headers(extra);
    headers.set('user-agent', this.options.userAgent ?? BROWSER_UA);
    headers.set('accept-encoding', 'identity');
    if (this.options.ip) headers.set('cf-connecting-ip', this.options.ip);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    return headers;
  }

  private remember(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(header);
      if (/max-age=0/i.test(header) || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async get(pathname: string, init: RequestInit = {}): Promise<Response> {
    const response = await this.fetcher(pathname, { ...init, headers: this.headers(init.headers) });
    this.remember(response);
    return response;
  }

  /** A form post: url-encoded, or multipart when a field is a File (as a browser sends uploads). */
  async post(pathname: string, form: Record<string, string | File>): Promise<Response> {
    const multipart = Object.values(form).some((v) => v instanceof File);
    let body: BodyInit;
    const headers: Record<string, string> = {};
    if (multipart) {
      const data = new FormData();
      for (const [key, value] of Object.entries(form)) data.set(key, value);
      // Encoded here, boundary and all, as the browser sends it over the wire.
      const encoded = new Response(data);
      headers['content-type'] = encoded.headers.get('content-type')!;
      body = await encoded.arrayBuffer();
    } else {
      body = new URLSearchParams(form as Record<string, string>).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const response = await this.fetcher(pathname, { method: 'POST', body, headers: this.headers(headers) });
    this.remember(response);
    return response;
  }

  /** Follows one redirect the way a browser does after a form post (GET the Location). */
  async follow(response: Response): Promise<Response> {
    const location = response.headers.get('location');
    if (!location) throw new Error(`expected a redirect, got ${response.status}`);
    return this.get(location);
  }
}

/** The visible text of an HTML document, roughly: enough to assert what a seller reads. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The visible text of the page's <main>: what the seller reads, without header and footer. */
export function mainText(html: string): string {
  const end = html.indexOf('</main>');
  return textOf(html.slice(html.indexOf('<main'), end === -1 ? undefined : end));
}
