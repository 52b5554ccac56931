import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

const base = { DATA_DIR: '/tmp/fetcher-unit-config', JWT_SECRET: 'x'.repeat(40) };

describe('FETCH_ALLOW_HOSTS', () => {
  it('is empty unless set', () => {
    expect(loadConfig(base).FETCH_ALLOW_HOSTS).toEqual([]);
  });

  it('takes exact host:port pairs, lowercased', () => {
    const config = loadConfig({ ...base, FETCH_ALLOW_HOSTS: 'Staging.Example.com:8443, 127.0.0.1:3000,[::1]:8080' });
    expect(config.FETCH_ALLOW_HOSTS).toEqual(['staging.example.com:8443', '127.0.0.1:3000', '[::1]:8080']);
  });

  it.each(['*.example.com:443', '10.0.0.0/8:80', '127.0.0.1', 'http://staging.example.com:80', 'staging.example.com:80/path', 'staging.example.com.:80'])(
    'refuses %s: not an exact host:port',
    (entry) => {
      expect(() => loadConfig({ ...base, FETCH_ALLOW_HOSTS: entry })).toThrow(ConfigError);
    },
  );
});
