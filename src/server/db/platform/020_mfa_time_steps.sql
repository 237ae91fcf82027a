-- Local platform: each TOTP factor remembers the last time step (unix time / 30 s) it accepted,
-- so a code is accepted once (RFC 6238 §5.2), on whichever challenge or session it is presented.
-- Ours only: GoTrue's auth.mfa_factors has no such column, and this file is not deployed to a
-- hosted project (see docs/security.md).
alter table auth.mfa_factors add column last_used_time_step bigint;
