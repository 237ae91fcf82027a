/** ADMIN_PASSWORD follows the staff password rule: a weak one stops the start, naming the variable. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const admin = (password: string) => ({ ADMIN_EMAIL: 'owner@saffron-lotus.test', ADMIN_PASSWORD: password });

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('ADMIN_PASSWORD', () => {
  it('refuses short, common and guessable passwords, saying why, never repeating them', () => {
    expect(refusal(admin('password'))).toBe(
      'Invalid configuration:\n  ADMIN_PASSWORD: The password is too short: use at least 12 characters (a few unrelated words make a good one).',
    );
    expect(refusal(admin('aaaaaaaa'))).toContain('ADMIN_PASSWORD: The password is too short');
    expect(refusal(admin('password1234'))).toContain('ADMIN_PASSWORD: The password is too common.');
    expect(refusal(admin('aaaaaaaaaaaa'))).toContain('ADMIN_PASSWORD: The password is too easy to guess.');
    // Made from the account's own email address.
    const own = refusal(admin('owner@saffron-lotus.test'));
    expect(own).toContain('ADMIN_PASSWORD: The password is too easy to guess.');
    expect(own).not.toContain('owner@saffron-lotus.test');
    expect(refusal(admin('é'.repeat(40)))).toContain('ADMIN_PASSWORD: The password is too long');
  });

  it('accepts a long passphrase', () => {
    expect(loadConfig(admin('saffron rice under a full moon')).admin).toEqual({
      email: 'owner@saffron-lotus.test',
      password: 'saffron rice under a full moon',
      role: 'staff',
    });
  });

  it('takes ADMIN_ROLE owner or staff, nothing else', () => {
    expect(loadConfig({ ...admin('saffron rice under a full moon'), ADMIN_ROLE: 'owner' }).admin?.role).toBe('owner');
    expect(() => loadConfig({ ...admin('saffron rice under a full moon'), ADMIN_ROLE: 'host' })).toThrow(
      /ADMIN_ROLE: must be owner or staff/,
    );
  });
});

describe('booking email settings', () => {
  it('are off by default, keep sent mail 30 days, and refuse what is not SMTP or an address', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: '"Saffron Lotus" <hello@saffronlotus.vn>',
      retentionDays: 30,
      perRecipient: { hour: 3, day: 10 },
    });
    expect(
      loadConfig({
        SMTP_URL: 'smtps://u:p@mail.example.com:465',
        MAIL_FROM: 'Bookings <b@example.com>',
        MAIL_RETENTION_DAYS: '7',
        MAIL_PER_RECIPIENT_HOUR: '5',
        MAIL_PER_RECIPIENT_DAY: '20',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      from: 'Bookings <b@example.com>',
      retentionDays: 7,
      perRecipient: { hour: 5, day: 20 },
    });
    expect(refusal({ SMTP_URL: 'http://mail.example.com' })).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(refusal({ MAIL_FROM: 'not an address' })).toContain('MAIL_FROM: must be an email address');
    expect(refusal({ MAIL_RETENTION_DAYS: '-1' })).toContain('MAIL_RETENTION_DAYS');
    expect(refusal({ MAIL_PER_RECIPIENT_HOUR: '0' })).toContain('MAIL_PER_RECIPIENT_HOUR');
  });
});

describe('operations settings', () => {
  it('defaults to backups and metrics off and a ten-second grace', () => {
    const { ops } = loadConfig({});
    expect(ops).toEqual({
      shutdownGraceMs: 10_000,
      metrics: { host: '127.0.0.1', port: undefined, token: undefined },
      backup: { dir: undefined, intervalHours: 24, keep: 14 },
    });
  });

  it('refuses a short metrics token and bad backup numbers, naming each variable', () => {
    const message = refusal({
      METRICS_TOKEN: 'short',
      BACKUP_INTERVAL_HOURS: '0',
      BACKUP_KEEP: 'many',
      SHUTDOWN_GRACE_MS: '-1',
    });
    expect(message).toContain('METRICS_TOKEN: must be at least 24 characters');
    expect(message).toContain('BACKUP_INTERVAL_HOURS: must be more than 0');
    expect(message).toContain('BACKUP_KEEP: must be a whole number');
    expect(message).toContain('SHUTDOWN_GRACE_MS');
  });
});
