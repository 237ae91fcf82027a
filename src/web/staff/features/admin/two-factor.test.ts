/** The account screen's and code step's pure helpers: the QR code's data URL, the grouped setup key, the code's format. */
import { describe, expect, it } from 'vitest';
import { qrImageUrl } from '../../shell/two-factor.ts';
import { totpCodeSchema } from './code-step.tsx';
import { groupedKey } from './two-factor-card.tsx';

describe('qrImageUrl', () => {
  it('percent-encodes the SVG auth-js hands back, so its "#" colours do not cut the URL short', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#ffffff" d="M0 0h1v1H0z"/></svg>';
    const url = qrImageUrl(`data:image/svg+xml;utf-8,${svg}`);
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(url).not.toContain('#');
    expect(decodeURIComponent(url.slice('data:image/svg+xml;charset=utf-8,'.length))).toBe(svg);
  });
});

describe('groupedKey', () => {
  it('splits a base32 key into groups of four', () => {
    expect(groupedKey('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupedKey('ABCDEF')).toBe('ABCD EF');
  });
});

describe('totpCodeSchema', () => {
  it('takes six digits, with the spaces apps show between groups', () => {
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
  });
  it('says what is wrong with anything else', () => {
    expect(totpCodeSchema.safeParse('').error?.issues[0]?.message).toBe('code.required');
    expect(totpCodeSchema.safeParse('12345').error?.issues[0]?.message).toBe('code.format');
    expect(totpCodeSchema.safeParse('12345a').error?.issues[0]?.message).toBe('code.format');
  });
});
