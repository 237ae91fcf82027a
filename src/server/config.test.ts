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
    });
  });
});
