import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '#shared/errors.ts';
import { AppError, codeOfFrameworkStatus, GoneLinkError, statusByCode } from './errors.ts';

/** The code | status rows of the table in docs/product.md#errors. */
function documentedStatuses(): Record<string, number> {
  const product = readFileSync(new URL('../../docs/product.md', import.meta.url), 'utf8');
  const section = product.slice(product.indexOf('\n## Errors\n'));
  const rows = section.slice(0, section.indexOf('\n## ', 1)).matchAll(/^\| `(\w+)` +\| (\d{3}) /gm);
  return Object.fromEntries([...rows].map(([, code, status]) => [code, Number(status)]));
}

describe('error codes and statuses', () => {
  it('gives every code exactly one status, an HTTP error status', () => {
    expect(Object.keys(statusByCode).sort()).toEqual([...errorCodes].sort());
    for (const code of errorCodes) {
      expect(statusByCode[code], code).toBeGreaterThanOrEqual(400);
      expect(statusByCode[code], code).toBeLessThan(600);
    }
  });

  it('answers with the statuses docs/product.md#errors documents, for every code', () => {
    expect(documentedStatuses()).toEqual(statusByCode);
  });

  it("gives an AppError its code's status", () => {
    expect(new AppError('CONTEST_FULL', 'This contest is full.').statusCode).toBe(409);
    expect(new AppError('MAIL_RELAY_FAILED', 'refused').statusCode).toBe(502);
  });

  it('gives a claim link whose place is gone 410 with the dead link code (docs/product.md#claims)', () => {
    const gone = new GoneLinkError('This claim link no longer works.');
    expect(gone).toBeInstanceOf(AppError);
    expect([gone.code, gone.statusCode]).toEqual(['DEAD_LINK', 410]);
  });

  it("names the framework's own refusals by their status, BAD_REQUEST when no code has it", () => {
    expect(codeOfFrameworkStatus(400)).toBe('BAD_REQUEST');
    expect(codeOfFrameworkStatus(401)).toBe('UNAUTHORIZED');
    expect(codeOfFrameworkStatus(403)).toBe('FORBIDDEN');
    expect(codeOfFrameworkStatus(404)).toBe('NOT_FOUND');
    expect(codeOfFrameworkStatus(413)).toBe('PAYLOAD_TOO_LARGE');
    expect(codeOfFrameworkStatus(414)).toBe('URI_TOO_LONG');
    expect(codeOfFrameworkStatus(415)).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(codeOfFrameworkStatus(429)).toBe('RATE_LIMITED');
    expect(codeOfFrameworkStatus(406)).toBe('BAD_REQUEST');
    expect(codeOfFrameworkStatus(409)).toBe('BAD_REQUEST');
  });
});
