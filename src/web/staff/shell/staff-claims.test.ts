import { describe, expect, it } from 'vitest';
import { appRoleOf, isStaffToken, staffClaimsOf } from './staff-claims.ts';

const jwt = (payload: unknown) =>
  ['{"alg":"ES256"}', JSON.stringify(payload)].map((part) => Buffer.from(part).toString('base64url')).join('.') +
  '.c2ln';

describe('the staff claim of an access token', () => {
  it('is read from app_metadata.role, including non-ASCII payloads', () => {
    expect(isStaffToken(jwt({ sub: 'u', email: 'hương@example.vn', app_metadata: { role: 'staff' } }))).toBe(true);
    expect(appRoleOf(jwt({ app_metadata: { provider: 'email', role: 'guest' } }))).toBe('guest');
  });

  it('is absent for tokens without it, with a top-level role only, or malformed', () => {
    expect(isStaffToken(jwt({ role: 'authenticated', app_metadata: { provider: 'email' } }))).toBe(false);
    expect(isStaffToken(jwt({ role: 'staff' }))).toBe(false);
    expect(isStaffToken(jwt({ app_metadata: 'staff' }))).toBe(false);
    expect(isStaffToken('not-a-jwt')).toBe(false);
    expect(isStaffToken('a.%%%.c')).toBe(false);
  });

  it('knows owners and hosts; a host works only at the branches named, and without any is not staff', () => {
    expect(staffClaimsOf(jwt({ app_metadata: { role: 'owner' } }))).toEqual({ role: 'owner', branches: [] });
    expect(staffClaimsOf(jwt({ app_metadata: { role: 'staff', branches: ['Sa Pa'] } }))).toEqual({
      role: 'staff',
      branches: [],
    });
    expect(staffClaimsOf(jwt({ app_metadata: { role: 'host', branches: ['Sa Pa', 'Da Nang'] } }))).toEqual({
      role: 'host',
      branches: ['Sa Pa', 'Da Nang'],
    });
    expect(isStaffToken(jwt({ app_metadata: { role: 'host' } }))).toBe(false);
    expect(isStaffToken(jwt({ app_metadata: { role: 'host', branches: [] } }))).toBe(false);
    expect(isStaffToken(jwt({ app_metadata: { role: 'host', branches: 'Sa Pa' } }))).toBe(false);
    expect(isStaffToken(jwt({ app_metadata: { role: 'manager' } }))).toBe(false);
  });
});
