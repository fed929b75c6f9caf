import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, t=2), the OWASP baseline. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Checked when the account does not exist, so a wrong e-mail costs as long as a wrong password.
const timingDecoy = hash('timing-decoy-password');

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verify(await timingDecoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** 16 URL-safe characters (96 random bits), for a password an operator hands over once. */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}
