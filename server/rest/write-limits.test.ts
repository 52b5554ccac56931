import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { writeRule } from './write-limits.ts';

describe('writeRule', () => {
  const config = loadConfig({ DATA_DIR: '/tmp/rest-unit-config', JWT_SECRET: 'x'.repeat(40) });
  it('maps each kind of write to its configured limit', () => {
    expect(writeRule(config, { table: 'project_comments' }, 'POST')).toEqual({ bucket: 'comments', rule: config.RATE_LIMIT_COMMENTS });
    expect(writeRule(config, { table: 'projects' }, 'POST')).toEqual({ bucket: 'projects', rule: config.RATE_LIMIT_PROJECTS });
    expect(writeRule(config, { table: 'reports' }, 'POST')).toEqual({ bucket: 'reports', rule: config.RATE_LIMIT_REPORTS });
    expect(writeRule(config, { rpc: 'toggle_vote' }, 'POST')).toEqual({ bucket: 'votes', rule: config.RATE_LIMIT_VOTES });
    expect(writeRule(config, { rpc: 'subscribe_newsletter' }, 'POST')).toEqual({ bucket: 'newsletter', rule: config.RATE_LIMIT_NEWSLETTER });
    expect(writeRule(config, { rpc: 'request_launch_email' }, 'POST')).toEqual({ bucket: 'launch-email', rule: config.RATE_LIMIT_NEWSLETTER });
    expect(writeRule(config, { table: 'projects' }, 'PATCH')).toEqual({ bucket: 'rest-writes', rule: config.RATE_LIMIT_REST_WRITES });
    expect(writeRule(config, { rpc: 'anything' }, 'POST')).toEqual({ bucket: 'rest-writes', rule: config.RATE_LIMIT_REST_WRITES });
  });
});
