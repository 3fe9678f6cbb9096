/**
 * A minimal HTTP client of the Podium API, one per simulated participant (the organizer, each
 * player, or anonymous), each with its own bearer token — as separate store clients would be.
 */

/** An answer the simulator did not expect; the message names the route, the status and the server's code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }

  /** The error code of the API's error shape (e.g. "EVENT_STATE_CONFLICT"), if any. */
  get code(): string | undefined {
    return (this.body as { code?: string } | null)?.code;
  }
}

export class ApiClient {
  /**
   * @param baseUrl server root, e.g. http://127.0.0.1:3000
   * @param token bearer token (organizer or player), or undefined for public routes
   */
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
  ) {}

  /** A client of the same server with another token. */
  as(token: string): ApiClient {
    return new ApiClient(this.baseUrl, token);
  }

  /**
   * Sends a request to `/api${path}`; JSON bodies are parsed, anything else is returned as text.
   * @throws ApiError when the status is not in `expected` (default: any 2xx)
   */
  async request<T = unknown>(method: string, path: string, body?: unknown, expected?: number[], contentType = 'application/json'): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = contentType;
    const payload = body === undefined ? undefined : contentType === 'application/json' ? JSON.stringify(body) : String(body);
    const res = await fetch(`${this.baseUrl}/api${path}`, { method, headers, body: payload });
    const text = await res.text();
    const parsed: unknown = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    const ok = expected ? expected.includes(res.status) : res.status >= 200 && res.status < 300;
    if (!ok) {
      const b = parsed as { code?: string; message?: string } | string;
      const why = typeof b === 'string' ? b.slice(0, 200) : `${b?.code ?? ''} ${b?.message ?? ''}`.trim();
      throw new ApiError(res.status, parsed, `${method} /api${path}: HTTP ${res.status} ${why}`);
    }
    return { status: res.status, body: parsed as T };
  }

  /** GET, the body of a 2xx. */
  async get<T = unknown>(path: string): Promise<T> {
    return (await this.request<T>('GET', path)).body;
  }

  /** POST, the body of a 2xx. */
  async post<T = unknown>(path: string, body: unknown = {}): Promise<T> {
    return (await this.request<T>('POST', path, body)).body;
  }

  /** POST of a text body (a deck list file), the body of a 2xx. */
  async postText<T = unknown>(path: string, text: string, contentType = 'text/plain'): Promise<T> {
    return (await this.request<T>('POST', path, text, undefined, contentType)).body;
  }

  /** PUT, the body of a 2xx. */
  async put<T = unknown>(path: string, body: unknown): Promise<T> {
    return (await this.request<T>('PUT', path, body)).body;
  }
}

/** Waits `ms` milliseconds (polling pauses; never a source of decisions). */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
