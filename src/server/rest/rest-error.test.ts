import { describe, expect, it } from 'vitest';
import { chooseSchema, parsePrefer, responseShape } from './preferences.ts';
import { fromDatabaseError, RestError, statusForSqlState } from './rest-error.ts';

describe('PostgREST status for a SQLSTATE', () => {
  it.each([
    ['42501', true, 401],
    ['42501', false, 403],
    ['23502', false, 400],
    ['23514', false, 400],
    ['22P02', false, 400],
    ['22007', false, 400],
    ['22008', false, 400],
    ['P0001', false, 400],
    ['23505', false, 409],
    ['23503', false, 409],
    ['42P01', false, 404],
    ['42883', false, 404],
    ['08006', false, 503],
    ['53300', false, 503],
    ['57P01', false, 503],
    ['53400', false, 500],
    ['42P17', false, 500],
    ['40001', false, 500],
    ['XX000', false, 500],
    ['28000', false, 403],
    ['25006', false, 405],
    ['42703', false, 400],
    // Program limits: only the request's own shape reaches them (PostgREST answers 500).
    ['54000', false, 400],
    ['54001', false, 400],
    ['54011', true, 400],
    ['54023', false, 400],
    // The request stopped waiting for the database (statement_timeout, DATABASE_TIMEOUT_MS).
    ['57014', false, 504],
    // PostgREST's PTxyz: a function chooses its HTTP status (the manage link's PT404).
    ['PT404', true, 404],
    ['PT409', false, 409],
    ['PTABC', false, 400],
  ])('%s (anonymous: %s) → %i', (code, anonymous, status) => {
    expect(statusForSqlState(code, anonymous)).toBe(status);
  });

  it('keeps the database message, detail and hint, and asks anon for a token', () => {
    const error = fromDatabaseError(
      Object.assign(new Error('permission denied for table reservations'), {
        code: '42501',
        detail: '',
        hint: 'GRANT it',
      }),
      true,
    );
    expect(error.status).toBe(401);
    expect(error.body()).toEqual({
      code: '42501',
      details: null,
      hint: 'GRANT it',
      message: 'permission denied for table reservations',
    });
    expect(error.headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
  });

  it('turns a driver error without a SQLSTATE (connection lost, pool closed) into 503', () => {
    for (const driverError of [
      new Error('Connection terminated unexpectedly'),
      new Error('PGlite is closed'),
      'boom',
    ]) {
      const error = fromDatabaseError(driverError, false);
      expect(error.status).toBe(503);
      expect(error.code).toBe('PGRST000');
    }
  });

  it('reports an allocation over PostgreSQL’s 1 GB limit as the request’s limit (54000, 400), other XX000 as 500', () => {
    const tooBig = fromDatabaseError(
      Object.assign(new Error('invalid memory alloc request size 4097104020'), { code: 'XX000' }),
      false,
    );
    expect(tooBig.status).toBe(400);
    expect(tooBig.body()).toEqual({
      code: '54000',
      details: null,
      hint: null,
      message: 'invalid memory alloc request size 4097104020',
    });
    const internal = fromDatabaseError(Object.assign(new Error('cache lookup failed'), { code: 'XX000' }), false);
    expect(internal.status).toBe(500);
    expect(internal.code).toBe('XX000');
  });
});

describe('request headers', () => {
  it('reads comma-joined Prefer values and ignores unknown ones', () => {
    expect(parsePrefer('count=exact, return=representation,missing=default, tx=rollback, handling=lenient')).toEqual({
      return: 'representation',
      count: 'exact',
      missing: 'default',
      resolution: undefined,
      tx: 'rollback',
      handling: 'lenient',
      maxAffected: undefined,
    });
    expect(parsePrefer('return=everything, count=')).toMatchObject({ return: undefined, count: undefined });
    expect(parsePrefer(undefined).return).toBeUndefined();
  });

  it('chooses array or object from Accept, and refuses what it cannot produce', () => {
    expect(responseShape(undefined)).toBe('array');
    expect(responseShape('*/*')).toBe('array');
    expect(responseShape('application/json')).toBe('array');
    expect(responseShape('application/vnd.pgrst.object+json')).toBe('object');
    expect(responseShape('application/vnd.pgrst.object+json;nulls=stripped')).toBe('object');
    expect(responseShape('text/html, application/json;q=0.9')).toBe('array');
    expect(responseShape('text/csv')).toBe('csv');
    expect(() => responseShape('application/xml')).toThrow(RestError);
  });

  it('exposes schema public, or the schemas configured, the first by default', () => {
    expect(chooseSchema('public')).toBe('public');
    expect(chooseSchema(undefined)).toBe('public');
    expect(() => chooseSchema('auth')).toThrow(RestError);
    expect(chooseSchema(undefined, ['public', 'menu'])).toBe('public');
    expect(chooseSchema('menu', ['public', 'menu'])).toBe('menu');
    try {
      chooseSchema('auth', ['public', 'menu']);
      throw new Error('expected PGRST106');
    } catch (error) {
      expect(error instanceof RestError && error.body()).toEqual({
        code: 'PGRST106',
        details: null,
        hint: null,
        message: 'The schema must be one of the following: public, menu',
      });
    }
  });
});
