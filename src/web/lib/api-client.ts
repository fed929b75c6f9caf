import { isErrorCode, type ErrorCode } from '#shared/errors.ts';

/** The server's codes, and the client's own for a request that got no answer at all. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR';

/**
 * An answer that was not OK (status 0: no answer). Its message is "{status}: {body}"; screens
 * decide on its `code` (docs/product.md#errors), never on the text.
 */
export class ApiError extends Error {
  /** The body as JSON, read once: `{message, code, errors?}` from our server, `{}` otherwise. */
  private readonly parsed: { message?: unknown; code?: unknown; errors?: unknown };

  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
    this.parsed = parseObject(body);
  }

  /** The server's `{message}`, when the body carries one. */
  get serverMessage(): string | undefined {
    const { message } = this.parsed;
    return typeof message === 'string' && message ? message : undefined;
  }

  /**
   * The server's `code`; NETWORK_ERROR when no answer came; undefined for a body without a known
   * code (a proxy's error page).
   */
  get code(): ApiErrorCode | undefined {
    if (this.status === 0) return 'NETWORK_ERROR';
    return isErrorCode(this.parsed.code) ? this.parsed.code : undefined;
  }

  get fieldErrors(): Record<string, string> {
    const { errors } = this.parsed;
    return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
  }
}

function parseObject(body: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
  } catch {
    // A body that is not JSON has no message, no code and no field errors.
  }
  return {};
}

/** Sends cookies with every call, and a JSON body only when one is given. */
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await apiFetch(method, path, body);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The raw answer, for calls that read headers or download a file; non-OK answers throw. */
export async function apiFetch(method: string, path: string, body?: unknown): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, JSON.stringify({ message: 'Network error: check your connection.' }));
  }
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new ApiError(response.status, text);
  }
  return response;
}

/** The server's message, else the screen's own fallback wording. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

/** The session is missing or has ended (not a wrong password): time to sign in again. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'UNAUTHORIZED';
}
