import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, isUnauthorizedError, messageOf } from './api-client.ts';

const json = (body: unknown) => JSON.stringify(body);

function answer(status: number, body: string, contentType = 'application/json') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'content-type': contentType } })),
  );
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApiError', () => {
  it("reads the server's code, message and field errors from the body", () => {
    const error = new ApiError(
      400,
      json({
        message: 'Full name is required',
        code: 'VALIDATION',
        errors: { name: 'Full name is required' },
      }),
    );
    expect(error.code).toBe('VALIDATION');
    expect(error.serverMessage).toBe('Full name is required');
    expect(error.fieldErrors).toEqual({ name: 'Full name is required' });
    expect(error.message).toBe(`400: ${error.body}`);
  });

  it('has no code for a body without a known one', () => {
    expect(new ApiError(409, json({ message: 'Old server' })).code).toBeUndefined();
    expect(new ApiError(409, json({ message: 'x', code: 'SOMETHING_NEW' })).code).toBeUndefined();
    expect(new ApiError(409, json({ message: 'x', code: 42 })).code).toBeUndefined();
    expect(new ApiError(502, '<html>Bad Gateway</html>').code).toBeUndefined();
    expect(new ApiError(502, 'null').code).toBeUndefined();
    expect(new ApiError(502, '<html>Bad Gateway</html>').serverMessage).toBeUndefined();
  });

  it('calls a request that got no answer NETWORK_ERROR', () => {
    const error = new ApiError(0, json({ message: 'Network error: check your connection.' }));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.serverMessage).toBe('Network error: check your connection.');
  });
});

describe('apiFetch', () => {
  it("throws an ApiError with the answer's status and code", async () => {
    answer(409, json({ message: 'This contest is full.', code: 'CONTEST_FULL' }));
    const error = await failure(apiFetch('POST', '/api/contests/x/entries', {}));
    expect(error.status).toBe(409);
    expect(error.code).toBe('CONTEST_FULL');
    expect(messageOf(error, 'fallback')).toBe('This contest is full.');
  });

  it('throws NETWORK_ERROR when the request fails without an answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failure(apiFetch('GET', '/api/contests'));
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(isUnauthorizedError(error)).toBe(false);
  });

  it('throws an ApiError without a code for an answer that is not ours (a proxy page)', async () => {
    answer(502, '<html>Bad Gateway</html>', 'text/html');
    const error = await failure(apiFetch('GET', '/api/contests'));
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
    expect(messageOf(error, 'fallback')).toBe('fallback');
  });
});

describe('isUnauthorizedError', () => {
  it('is a lost session: code UNAUTHORIZED', () => {
    expect(
      isUnauthorizedError(
        new ApiError(401, json({ message: 'Unauthorized', code: 'UNAUTHORIZED' })),
      ),
    ).toBe(true);
  });

  it('is not a wrong password, a refusal of another kind, or an error of our own', () => {
    const wrongPassword = json({
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
    expect(isUnauthorizedError(new ApiError(401, wrongPassword))).toBe(false);
    const notAdmin = json({ message: 'Forbidden: admin access is required.', code: 'FORBIDDEN' });
    expect(isUnauthorizedError(new ApiError(403, notAdmin))).toBe(false);
    // The message text decides nothing.
    const unauthorizedText = json({ message: 'Unauthorized', code: 'NOT_FOUND' });
    expect(isUnauthorizedError(new ApiError(404, unauthorizedText))).toBe(false);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError(undefined)).toBe(false);
  });
});
