import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '#server/db/client.ts';
import { freePort } from '#server/testing/listening-app.ts';
import { seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, createTestDatabase, type TestApp } from '#server/testing/test-app.ts';

const UNAVAILABLE = {
  message: 'The service is temporarily unavailable. Please try again shortly.',
  code: 'SERVICE_UNAVAILABLE',
};
const UNKNOWN_ID = '0b8f9c4e-6a43-4bb5-8b7e-3f36c2a1d9e0';

/**
 * A PostgreSQL server that refuses every connection as a real one does when it cannot take it:
 * it reads the startup message and answers a FATAL ErrorResponse with this SQLSTATE.
 */
async function refusingPostgres(code: string, message: string): Promise<Server> {
  const fields = Buffer.concat(
    [`SFATAL`, `VFATAL`, `C${code}`, `M${message}`].map((field) => Buffer.from(`${field}\0`)),
  );
  const body = Buffer.concat([fields, Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(body.length + 4, 1);
  const server = createServer((socket) => {
    socket.once('data', () => socket.end(Buffer.concat([header, body])));
    socket.on('error', () => {});
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

function portOf(server: Server): number {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The app's queries go to `url`; the durable queue keeps a working database, so the app starts
 * as it would have before the outage.
 */
async function appWhoseQueriesGoTo(url: string) {
  const working = await createTestDatabase();
  const refusing = openPostgres(url, 2);
  const database: Database = { ...working, db: refusing.db };
  const t = await createTestApp({ database });
  return {
    t,
    close: async () => {
      await t.close();
      await refusing.close();
      await working.close();
    },
  };
}

describe('a database that refuses connections answers 503 with Retry-After, never 500', () => {
  let owner: SeededUser;
  let ownerApp: TestApp;
  beforeAll(async () => {
    // A session cookie signed with the test secret, valid for any app built by createTestApp.
    ownerApp = await createTestApp();
    owner = await seedUser(ownerApp);
  });
  afterAll(() => ownerApp.close());

  async function expectUnavailable(t: TestApp) {
    for (const as of [undefined, owner]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/contests/${UNKNOWN_ID}`,
        headers: as ? { cookie: as.cookie } : {},
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(UNAVAILABLE);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
  }

  it.each([
    ['53300', 'sorry, too many clients already'],
    ['55000', 'database "prizewheel" is not currently accepting connections'],
    ['57P03', 'the database system is starting up'],
  ])('SQLSTATE %s (%s)', async (code, message) => {
    const server = await refusingPostgres(code, message);
    const { t, close } = await appWhoseQueriesGoTo(
      `postgres://postgres@127.0.0.1:${portOf(server)}/prizewheel`,
    );
    try {
      await expectUnavailable(t);
    } finally {
      await close();
      server.close();
    }
  });

  it('a pool that cannot connect (nothing listens on the port)', async () => {
    const { t, close } = await appWhoseQueriesGoTo(
      `postgres://postgres@127.0.0.1:${await freePort()}/prizewheel`,
    );
    try {
      await expectUnavailable(t);
    } finally {
      await close();
    }
  });
});
