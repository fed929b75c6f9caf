import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '#server/db/schema.ts';
import { widestNetworkOf } from '#server/lib/client-networks.ts';
import { keyedDigest } from '#server/lib/keyed-digest.ts';
import { cookiesAreSecure } from '#server/plugins/session.ts';
import { foldAddress, type AttemptSource } from './account-limits.ts';

/**
 * OWASP's device cookie (docs/decisions/034-device-cookies-and-account-lockout.md): a browser
 * that proved an account's password (sign-in, verification) or its mailbox (a reset) keeps a
 * signed cookie naming that account, and its attempts at that account count against a limit of
 * their own instead of the lockout that strangers' guesses cause. The cookie holds the browser's
 * random id and, for each of the last few accounts, a mark of the address and a mark of the
 * account's current password: keyed digests under the session secret, so nobody can make one,
 * read an address out of one, or keep one for sign-in past a password change.
 */
const DEVICE_COOKIE = 'pw_device';
/** Half a year: a browser used a few times a year stays known. */
const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
/** A family computer's accounts; the oldest is forgotten beyond them. */
const ACCOUNTS_PER_DEVICE = 5;
const ADDRESS_PURPOSE = 'device-address';
const PASSWORD_PURPOSE = 'device-password';

/** A browser that has proved an account before: its own id and the marks of those accounts. */
type Device = { id: string; accounts: string[] };

/** Who asks, as the account limits tell askers apart. */
export type Requester = { network: string; device: Device | null };

export function requesterOf(request: FastifyRequest): Requester {
  return { network: widestNetworkOf(request.ip), device: readDevice(request) };
}

function readDevice(request: FastifyRequest): Device | null {
  const raw = request.cookies[DEVICE_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  if (!unsigned?.valid || !unsigned.value) return null;
  const [id, ...accounts] = unsigned.value.split('.');
  return id ? { id, accounts } : null;
}

const addressMark = (secret: string, email: string) =>
  keyedDigest(secret, ADDRESS_PURPOSE, foldAddress(email));

const passwordMark = (secret: string, user: User) =>
  keyedDigest(secret, PASSWORD_PURPOSE, `${user.id} ${user.passwordHash}`);

/**
 * Where a sign-in attempt at `user` (undefined: no such account) counts: on the requester's
 * browser when it proved this account's current password before, else on its network.
 */
export function signInSource(secret: string, requester: Requester, user?: User): AttemptSource {
  const mark = user && passwordMark(secret, user);
  const known = mark && requester.device?.accounts.some((account) => account.endsWith(mark));
  return known
    ? { from: 'device', id: requester.device!.id }
    : { from: 'network', network: requester.network };
}

/**
 * Where a reset mail to `email` counts: on the requester's browser when it proved that account
 * before, else with everyone's. The address alone decides, before any look-up (decision 011).
 */
export function mailSource(secret: string, requester: Requester, email: string): AttemptSource {
  const mark = addressMark(secret, email);
  const known = requester.device?.accounts.some((account) => account.startsWith(mark));
  return known ? { from: 'device', id: requester.device!.id } : { from: 'anyone' };
}

/** Remembers that this browser proved `user` (its newest accounts first), for half a year. */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  user: User,
) {
  const device = readDevice(request);
  const address = addressMark(secret, user.email);
  const others = device?.accounts.filter((account) => !account.startsWith(address)) ?? [];
  const accounts = [address + passwordMark(secret, user), ...others].slice(0, ACCOUNTS_PER_DEVICE);
  const id = device?.id ?? randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, [id, ...accounts].join('.'), {
    // Only the sign-in and reset calls read it.
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookiesAreSecure(request),
    signed: true,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
