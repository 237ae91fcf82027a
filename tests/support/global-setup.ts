/**
 * Vitest global setup: once per run, find or start the PostgreSQL and the Redis the tests use
 * (postgres.ts, redis.ts), migrate the databases test servers start from (database-templates.ts),
 * and hand them to the test workers through the environment, which
 * vitest copies into each worker after this runs. The returned teardown stops what was started,
 * whether the tests passed or not.
 */
import { type DatabaseTemplates, makeDatabaseTemplates } from './database-templates.ts';
import { ensureTestPostgres } from './postgres.ts';
import { ensureTestRedis } from './redis.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const [postgresResult, redisResult] = await Promise.allSettled([ensureTestPostgres(), ensureTestRedis()]);
  // If one cannot be had, stop the other if it was started, then fail the run with the reason.
  if (postgresResult.status === 'rejected') {
    if (redisResult.status === 'fulfilled' && !('unavailable' in redisResult.value)) await redisResult.value.stop();
    throw postgresResult.reason;
  }
  if (redisResult.status === 'rejected') {
    await postgresResult.value.stop();
    throw redisResult.reason;
  }
  const postgres = postgresResult.value;
  const redis = redisResult.value;
  process.env.TEST_POSTGRES_URL = postgres.url;
  console.log(`PostgreSQL for tests: ${postgres.note}`);
  let templates: DatabaseTemplates;
  try {
    templates = await makeDatabaseTemplates(postgres.url);
  } catch (error) {
    await Promise.all([postgres.stop(), 'unavailable' in redis ? undefined : redis.stop()]);
    throw error;
  }
  Object.assign(process.env, templates.env);
  if ('unavailable' in redis) {
    delete process.env.TEST_REDIS_URL;
    process.env.TEST_REDIS_UNAVAILABLE = redis.unavailable;
    console.warn(`Redis for tests: none, so the Redis tests will fail. ${redis.unavailable}`);
  } else {
    process.env.TEST_REDIS_URL = redis.url;
    console.log(`Redis for tests: ${redis.note}`);
  }
  return async () => {
    await templates.remove();
    await Promise.all([postgres.stop(), 'unavailable' in redis ? undefined : redis.stop()]);
  };
}
