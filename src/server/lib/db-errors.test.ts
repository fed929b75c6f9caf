import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '#server/testing/test-app.ts';
import { describeUnavailability, isDatabaseUnavailable } from './db-errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

// Pure functions: once, in the PGlite project.
describe.runIf(testDatabaseKind() === 'pglite')('telling an unreachable database apart', () => {
  it.each([
    withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
    withCode('terminating connection due to administrator command', '57P01'),
    withCode('terminating connection because of crash of another server process', '57P02'),
    withCode('the database system is starting up', '57P03'),
    withCode('sorry, too many clients already', '53300'),
    withCode('too many connections for role "prizewheel"', '53300'),
    withCode('database "prizewheel" is not currently accepting connections', '55000'),
    withCode('getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND'),
    withCode('getaddrinfo EAI_AGAIN db.internal', 'EAI_AGAIN'),
    withCode('connect EHOSTUNREACH 10.0.0.5:5432', 'EHOSTUNREACH'),
    withCode('connect ENETUNREACH 10.0.0.5:5432', 'ENETUNREACH'),
    // The pool's own refusal when no connection frees up in time.
    new Error('Failed query: select 1\nparams: ', {
      cause: new Error('timeout exceeded when trying to connect'),
    }),
    new Error('Connection terminated due to connection timeout'),
    // Drizzle's wrapper of the server's refusal.
    new Error('Failed query: select 1\nparams: ', {
      cause: withCode('sorry, too many clients already', '53300'),
    }),
    withCode('canceling statement due to statement timeout', '57014'),
    withCode('connection failure', '08006'),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Query read timeout'),
    // The pool of an instance that is shutting down.
    new Error('Failed query: select 1\nparams: ', {
      cause: new Error('Cannot use a pool after calling end on the pool'),
    }),
    // Drizzle's wrapper of the ROLLBACK that failed on the lost connection.
    new Error('Failed query: rollback\nparams: ', {
      cause: new Error('Client has encountered a connection error and is not queryable'),
    }),
  ])('%s is the database being away (503)', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    withCode('duplicate key value violates unique constraint', '23505'),
    withCode('syntax error at or near "selec"', '42601'),
    new Error('Cannot read properties of undefined'),
    'not even an error',
  ])('%s is a bug, not an outage (500)', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('describes an outage for the log by its code and cause, never by the failed query', () => {
    const lost = new Error(
      'Failed query: insert into contest_entries ...\nparams: Maya Chen,maya@example.com',
      { cause: withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED') },
    );
    expect(describeUnavailability(lost)).toEqual({
      code: 'ECONNREFUSED',
      reason: 'connect ECONNREFUSED 127.0.0.1:5432',
    });
    const bare = new Error('Failed query: select 1\nparams: maya@example.com');
    expect(JSON.stringify(describeUnavailability(bare))).not.toContain('maya');
  });
});
