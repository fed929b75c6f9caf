import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createRequestLogger } from './request-logger.ts';

function capturedPino(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

describe('a request’s logger', () => {
  it('makes no pino child for lines its level does not write', () => {
    const { logger, lines } = capturedPino('warn');
    const child = vi.spyOn(logger, 'child');
    const log = createRequestLogger(logger, { reqId: 'r-1' }, {});
    log.info({ detail: 1 }, 'not written');
    log.debug('not written either');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('writes the lines its level allows with the request id, through one child', () => {
    const { logger, lines } = capturedPino('info');
    const child = vi.spyOn(logger, 'child');
    const log = createRequestLogger(logger, { reqId: 'r-2' }, {});
    log.info({ status: 400 }, 'request refused');
    log.error(new Error('boom'), 'failed');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { reqId: 'r-2', status: 400, msg: 'request refused', level: 30 },
      { reqId: 'r-2', msg: 'failed', level: 50, err: { message: 'boom' } },
    ]);
  });

  it('gives a route with a level of its own pino’s child at once', () => {
    const { logger, lines } = capturedPino('warn');
    const log = createRequestLogger(logger, { reqId: 'r-3' }, { level: 'debug' });
    log.debug('written at the route’s level');
    expect(lines).toMatchObject([{ reqId: 'r-3', msg: 'written at the route’s level' }]);
  });

  it('carries the request id of Fastify’s requests into their lines', async () => {
    const { logger, lines } = capturedPino('info');
    const app = Fastify({
      loggerInstance: logger,
      childLoggerFactory: createRequestLogger,
      genReqId: () => 'fixed-id',
    });
    app.get('/', async (request) => {
      request.log.debug('below the level');
      request.log.warn('a warning');
      return { ok: true };
    });
    expect((await app.inject({ url: '/' })).json()).toEqual({ ok: true });
    await app.close();
    expect(lines.filter((line) => line.reqId === 'fixed-id').map((line) => line.msg)).toEqual([
      'incoming request',
      'a warning',
      'request completed',
    ]);
  });
});
