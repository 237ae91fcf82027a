/**
 * Which Redis the tests get (redis.ts). "No Redis" is simulated by probing a port where nothing
 * listens, and "not installed" by a PATH without redis-server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../e2e/support/free-port.ts';
import { ensureTestRedis, probeRedis, startThrowawayRedis, testRedisUrl } from './redis.ts';

const deadUrl = async () => `redis://127.0.0.1:${await freePort()}`;

describe('the Redis for tests', () => {
  const savedEnv = { url: process.env.TEST_REDIS_URL, unavailable: process.env.TEST_REDIS_UNAVAILABLE };
  afterEach(() => {
    for (const [name, value] of [
      ['TEST_REDIS_URL', savedEnv.url],
      ['TEST_REDIS_UNAVAILABLE', savedEnv.unavailable],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('starts redis-server from PATH when nothing answers, and stops it afterwards', async () => {
    const machineUrl = await deadUrl();
    expect(await probeRedis(machineUrl)).toMatch(/ECONNREFUSED/);
    const redis = await ensureTestRedis({ env: { PATH: process.env.PATH }, machineUrl });
    if ('unavailable' in redis) throw new Error(redis.unavailable);
    expect(redis.source).toBe('throwaway');
    expect(redis.note).toContain(`none at ${new URL(machineUrl).host}`);
    const client = new Redis(redis.url, { maxRetriesPerRequest: 0 });
    try {
      await client.set('saffron-test:key', 'value');
      expect(await client.get('saffron-test:key')).toBe('value');
    } finally {
      client.disconnect();
    }
    await redis.stop();
    expect(await probeRedis(redis.url)).toMatch(/ECONNREFUSED/);
  });

  it('uses the one that answers, and TEST_REDIS_URL when set', async () => {
    const running = await startThrowawayRedis();
    try {
      expect(await ensureTestRedis({ env: {}, machineUrl: running.url })).toMatchObject({
        source: 'machine',
        url: running.url,
      });
      expect(
        await ensureTestRedis({ env: { TEST_REDIS_URL: running.url }, machineUrl: await deadUrl() }),
      ).toMatchObject({ source: 'TEST_REDIS_URL', url: running.url });
    } finally {
      await running.stop();
    }
  });

  it('names what to install when none answers and redis-server is not on PATH', async () => {
    const emptyBin = mkdtempSync(join(tmpdir(), 'saffron-no-redis-'));
    try {
      const redis = await ensureTestRedis({ env: { PATH: emptyBin }, machineUrl: await deadUrl() });
      expect(redis).toEqual({ unavailable: expect.stringContaining('no redis-server on PATH') });
      expect(redis).toEqual({ unavailable: expect.stringContaining('apt-get install redis-server') });
    } finally {
      rmSync(emptyBin, { recursive: true, force: true });
    }
  });

  it('reports a TEST_REDIS_URL that does not answer rather than using another', async () => {
    const dead = await deadUrl();
    const redis = await ensureTestRedis({ env: { TEST_REDIS_URL: dead } });
    expect(redis).toEqual({
      unavailable: expect.stringContaining(`TEST_REDIS_URL (${new URL(dead).host}) does not answer`),
    });
  });

  it('makes the Redis tests fail with the reason when the run has none', () => {
    process.env.TEST_REDIS_URL = 'redis://127.0.0.1:6390';
    expect(testRedisUrl()).toBe('redis://127.0.0.1:6390');
    delete process.env.TEST_REDIS_URL;
    process.env.TEST_REDIS_UNAVAILABLE = 'none at 127.0.0.1:6379, and no redis-server on PATH';
    expect(() => testRedisUrl()).toThrow('No Redis for the tests: none at 127.0.0.1:6379, and no redis-server on PATH');
  });
});
