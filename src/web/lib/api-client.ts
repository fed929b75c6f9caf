/**
 * An answer that was not OK. Its message is "{status}: {body}" (docs/product.md#errors): the
 * lost-session check reads the status from it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }

  /** The server's `{message}`, when the body carries one. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed) {
        const { message } = parsed as { message: unknown };
        return typeof message === 'string' && message ? message : undefined;
      }
    } catch {
      // A body that is not JSON has no server message.
    }
    return undefined;
  }

  get fieldErrors(): Record<string, string> {
    try {
      const parsed = JSON.parse(this.body) as { errors?: Record<string, string> };
      return parsed.errors ?? {};
    } catch {
      return {};
    }
  }
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

export function isUnauthorizedError(error: unknown): boolean {
  return /^401: .*Unauthorized/.test(error instanceof Error ? error.message : '');
}
