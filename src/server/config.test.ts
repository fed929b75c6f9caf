import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const run = (command: string, args: string[]) =>
  new Promise<string>((resolve, reject) =>
    execFile(command, args, (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );

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

  it('gives processes starting together on a fresh DATA_DIR one and the same secret', async () => {
    const dir = dataDir();
    // Every process waits for the same instant before it reads or creates the secret.
    const startAt = Date.now() + 3000;
    const script = `import { loadConfig } from './src/server/config.ts';
      while (Date.now() < ${startAt});
      process.stdout.write(loadConfig({ DATA_DIR: ${JSON.stringify(dir)} }).sessionSecret);`;
    const secrets = await Promise.all(
      Array.from({ length: 4 }, () =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]),
      ),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toBe(readFileSync(path.join(dir, 'session-secret'), 'utf8'));
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

  it.each([
    ['off', false],
    ['0', false],
    ['on', 1],
    ['true', 1],
    ['2', 2],
    ['10.0.0.2', ['10.0.0.2']],
    [' 10.0.0.0/8, 192.168.1.1 ,fd00::/8 ', ['10.0.0.0/8', '192.168.1.1', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s as %j (never "every hop")', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['all', '11', '-1', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/8', 'fd00::/129', 'yes'])(
    'refuses TRUST_PROXY=%s and names the variable',
    (value) => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value })).toThrow('TRUST_PROXY');
    },
  );

  it('reads ALLOWED_ORIGINS as origins, each as a browser would send it', () => {
    const base = { DATA_DIR: dataDir() };
    expect(loadConfig(base).allowedOrigins).toEqual([]);
    const config = loadConfig({
      ...base,
      ALLOWED_ORIGINS:
        ' https://WWW.Giveaways.example , http://localhost:5173/,https://a.example:443',
    });
    expect(config.allowedOrigins).toEqual([
      'https://www.giveaways.example',
      'http://localhost:5173',
      'https://a.example',
    ]);
  });

  it.each([
    'giveaways.example',
    'ftp://giveaways.example',
    'https://giveaways.example/app',
    'https://giveaways.example?x=1',
    'https://user@giveaways.example',
    'https://*.giveaways.example',
    'null',
    'https://a.example,,not a url',
  ])('refuses ALLOWED_ORIGINS=%s, naming the variable and the value', (value) => {
    const load = () => loadConfig({ DATA_DIR: dataDir(), ALLOWED_ORIGINS: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/ALLOWED_ORIGINS: .*must be an http\(s\) origin/);
  });

  it('prints mail links to the log in development only, unless MAIL_LOG_LINKS says otherwise', () => {
    const base = { DATA_DIR: dataDir(), SESSION_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).mailLogLinks).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).mailLogLinks).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', MAIL_LOG_LINKS: 'on' }).mailLogLinks).toBe(
      true,
    );
    expect(loadConfig({ ...base, MAIL_LOG_LINKS: 'off' }).mailLogLinks).toBe(false);
    expect(() => loadConfig({ ...base, MAIL_LOG_LINKS: 'maybe' })).toThrow('MAIL_LOG_LINKS');
  });

  it('requires SESSION_SECRET in production on PostgreSQL, where instances must share it', () => {
    const env = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/prizewheel' };
    expect(() => loadConfig(env)).toThrow('SESSION_SECRET');
    expect(loadConfig({ ...env, SESSION_SECRET: 'x'.repeat(40) }).sessionSecret).toBe(
      'x'.repeat(40),
    );
  });
});
