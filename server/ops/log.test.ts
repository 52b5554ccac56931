import { describe, expect, it } from 'vitest';
import { createLogger } from './log.ts';

describe('logger', () => {
  it('writes text lines with fields and the error stack', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', format: 'text', write: (line) => lines.push(line) });
    logger.debug('not at info level');
    logger.info('started', { port: 8080 });
    logger.error('failed', { reqId: 'r1', err: new Error('boom') });
    expect(lines[0]).toBe('started port=8080');
    expect(lines[1]).toMatch(/^failed reqId=r1\nError: boom\n\s+at /);
    expect(lines).toHaveLength(2);
  });

  it('writes an error that repeats at most once per interval, saying how many were held back', () => {
    const lines: string[] = [];
    let now = 0;
    const logger = createLogger({ level: 'error', format: 'text', write: (line) => lines.push(line), nowMs: () => now });
    for (let i = 0; i < 1000; i++) logger.errorThrottled('db', 'database unavailable');
    now = 10_001;
    logger.errorThrottled('db', 'database unavailable');
    logger.errorThrottled('other', 'something else');
    expect(lines).toEqual(['database unavailable', 'database unavailable (999 more like it in the last 10 s)', 'something else']);
  });

  it('is silent at LOG_LEVEL=silent', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'silent', format: 'text', write: (line) => lines.push(line) });
    logger.error('x');
    logger.errorThrottled('k', 'y');
    expect(lines).toEqual([]);
  });
});
