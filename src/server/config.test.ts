import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'pw-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:5000',
      databaseUrl: undefined,
      smtpUrl: undefined,
      rateLimit: true,
      trustProxy: false,
    });
    // The generated secret is kept so sessions survive a restart.
    expect(config.sessionSecret).toBe(readFileSync(path.join(dir, 'session-secret'), 'utf8'));
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('parses ADMIN_EMAILS case-insensitively and ignores blanks', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAILS: ' Boss@X.com, ,ops@x.com ' });
    expect([...config.adminEmails]).toEqual(['boss@x.com', 'ops@x.com']);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['APP_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SMTP_URL', 'http://mail'],
    ['RATE_LIMIT', 'maybe'],
    ['SESSION_SECRET', 'short'],
  ])('refuses %s=%s and names the variable', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(name);
  });

  it('requires SESSION_SECRET in production on PostgreSQL, where instances must share it', () => {
    const env = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/prizewheel' };
    expect(() => loadConfig(env)).toThrow('SESSION_SECRET');
    expect(loadConfig({ ...env, SESSION_SECRET: 'x'.repeat(40) }).sessionSecret).toBe(
      'x'.repeat(40),
    );
  });
});
