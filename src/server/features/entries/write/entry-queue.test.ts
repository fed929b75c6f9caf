import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests, type Contest } from '#server/db/schema.ts';
import { holdContestLock } from '#server/testing/contest-lock.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { ENTRY_QUEUE_LIMITS } from './entry-writer.ts';

const BUSY_MESSAGE =
  'So many people are entering right now that we could not take yours. Please try again in a few seconds.';

const entrant = (n: number) => ({ name: `Fan ${n}`, email: `fan${n}@example.com` });

const enter = (t: TestApp, contestId: string, payload: object) =>
  request(t, undefined, { method: 'POST', url: `/api/contests/${contestId}/entries`, payload });

async function storedEmails(t: TestApp, contest: Contest): Promise<string[]> {
  const rows = await t.database.db
    .select({ email: contestEntries.email })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contest.id));
  return rows.map((row) => row.email).sort();
}

/** The first `count` answers to come, or those that came within `timeoutMs`. */
async function firstAnswers(
  answers: Promise<LightMyRequestResponse>[],
  count: number,
  timeoutMs: number,
) {
  const settled: LightMyRequestResponse[] = [];
  for (const answer of answers) void answer.then((response) => settled.push(response));
  const deadline = Date.now() + timeoutMs;
  while (settled.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [...settled];
}

/** An entry POSTed over its own connection, its body sent only if `body` says so. */
function rawEntry(port: number, contestId: string, payload: object, { body = true } = {}) {
  const json = JSON.stringify(payload);
  const socket = connect(port, '127.0.0.1');
  socket.write(
    `POST /api/contests/${contestId}/entries HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n` +
      (body ? json : ''),
  );
  socket.on('error', () => {});
  const firstBytes = new Promise<string>((resolve) =>
    socket.once('data', (chunk) => resolve(chunk.toString())),
  );
  return { socket, firstBytes };
}

/** The server's side of the next request over a socket: its body read, and its socket closed. */
function nextServerRequest(t: TestApp) {
  return new Promise<{ bodyRead: Promise<unknown>; closed: Promise<unknown> }>((resolve) =>
    // Listened to from the start: the server may read the body before a later listener is added.
    t.app.server.once('request', (incoming: IncomingMessage) =>
      resolve({
        bodyRead: new Promise((done) => incoming.once('end', done)),
        closed: new Promise((done) => incoming.socket.once('close', done)),
      }),
    ),
  );
}

describe('the entry queue under a flood', () => {
  let t: TestApp;
  let owner: SeededUser;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('refuses entries past a full queue with 503, Retry-After and a message, storing none of them', async () => {
    const contest = await seedContest(t.database, owner);
    const release = await holdContestLock(t, contest);
    const extra = 40;
    const answers = Array.from({ length: ENTRY_QUEUE_LIMITS.perContest + extra }, (_, n) =>
      enter(t, contest.id, entrant(n)),
    );
    // The refusals come at once; the others wait for the lock.
    const early = await firstAnswers(answers, extra, 10_000);
    await release();
    const all = await Promise.all(answers);

    expect(early.map((response) => response.statusCode)).toEqual(Array(extra).fill(503));
    const refused = all.filter((response) => response.statusCode === 503);
    expect(refused).toHaveLength(extra);
    for (const response of refused) {
      expect(response.json()).toEqual({ message: BUSY_MESSAGE, code: 'BUSY' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    const accepted = all.flatMap((response, n) =>
      response.statusCode === 201 ? [entrant(n).email] : [],
    );
    expect(accepted).toHaveLength(ENTRY_QUEUE_LIMITS.perContest);
    expect(await storedEmails(t, contest)).toEqual(accepted.sort());

    // Once the queue has drained, entries are taken again.
    expect((await enter(t, contest.id, entrant(100_000))).statusCode).toBe(201);
  });

  it('refuses an entry for a full queue before reading its body', async () => {
    const contest = await seedContest(t.database, owner);
    const release = await holdContestLock(t, contest);
    const queued = Array.from({ length: ENTRY_QUEUE_LIMITS.perContest }, (_, n) =>
      enter(t, contest.id, entrant(n)),
    );
    // Let them all reach the queue.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const headersOnly = rawEntry(port, contest.id, entrant(-1), { body: false });
    const answer = await Promise.race([
      headersOnly.firstBytes,
      new Promise<string>((resolve) => setTimeout(() => resolve('no answer within 5 s'), 5000)),
    ]);
    headersOnly.socket.destroy();
    await release();
    await Promise.all(queued);
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toMatch(/\r\nretry-after: \d+\r\n/i);
    expect(answer).toContain(BUSY_MESSAGE);
  });

  it('does not store the entry of a client that disconnected while it was queued', async () => {
    const contest = await seedContest(t.database, owner);
    const release = await holdContestLock(t, contest);
    // This one's batch is cut and waits for the lock; the next entry queues behind it.
    const first = enter(t, contest.id, entrant(1));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const arrived = nextServerRequest(t);
    const leaving = rawEntry(port, contest.id, entrant(2));
    const serverSide = await arrived;
    await serverSide.bodyRead;
    // From its body's end to the queue is a few promise turns.
    await new Promise((resolve) => setTimeout(resolve, 50));
    leaving.socket.destroy();
    await serverSide.closed;

    await release();
    expect((await first).statusCode).toBe(201);
    // Queued after the one that left: once it is answered, the queue is past it.
    expect((await enter(t, contest.id, entrant(3))).statusCode).toBe(201);
    expect(await storedEmails(t, contest)).toEqual(['fan1@example.com', 'fan3@example.com']);
    const [row] = await t.database.db
      .select({ entryCount: contests.entryCount })
      .from(contests)
      .where(eq(contests.id, contest.id));
    expect(row!.entryCount).toBe(2);
  });

  it('answers 413 for an entry body far larger than any entry', async () => {
    const contest = await seedContest(t.database, owner);
    const response = await enter(t, contest.id, {
      name: 'Big',
      email: 'big@example.com',
      pad: 'x'.repeat(20_000),
    });
    expect(response.statusCode).toBe(413);
    expect(await storedEmails(t, contest)).toEqual([]);
  });
});
