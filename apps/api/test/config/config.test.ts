import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

describe('the environment', () => {
  it('runs one HTTP process unless API_WORKERS says more', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ API_WORKERS: '2', DATABASE_URL: 'postgres://hotel@localhost/hotel' }).workers).toBe(2);
  });

  it('refuses several workers on the embedded database, which one process owns', () => {
    expect(() => loadConfig({ API_WORKERS: '2' })).toThrow('API_WORKERS above 1 needs DATABASE_URL');
  });

  it('refuses a worker count that is not a whole number from 1 to 64', () => {
    expect(() => loadConfig({ API_WORKERS: '0' })).toThrow('API_WORKERS');
    expect(() => loadConfig({ API_WORKERS: 'many' })).toThrow('API_WORKERS');
  });

  it('requires the secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('SESSION_SECRET and LINK_SECRET');
  });

  it('refuses to start a production site on the test gateway unless PAYMENTS=test says so', () => {
    const secrets = { SESSION_SECRET: 'a'.repeat(32) + 'session', LINK_SECRET: 'b'.repeat(32) + 'link' };
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets })).toThrow('No card payment provider is configured');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test', ...secrets }).payments).toBe('test');
  });

  it('runs the test gateway outside production without being asked', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).payments).toBe('test');
  });
});
