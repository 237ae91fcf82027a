/**
 * The translation layer that replaced i18next (issue 20, item 10) reads the real catalogues as
 * i18next did: these messages, as a guest sees them, must not change with it.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { hasNamespace, i18nFor, loadNamespace, translate } from './i18n.ts';
import { Trans } from './translation.tsx';

describe('messages', () => {
  it('fills placeholders unescaped, and leaves one without a value as written', () => {
    const t = translate('en', 'common');
    expect(t('hours.everyDay', { opens: '10:30 AM', closes: '11:00 PM' })).toBe('Mon - Sun 10:30 AM - 11:00 PM');
    expect(t('hours.everyDay', { opens: '<b>', closes: '&' })).toBe('Mon - Sun <b> - &');
    expect(t('hours.everyDay', { opens: '10:30 AM' })).toBe('Mon - Sun 10:30 AM - {{closes}}');
  });

  it('picks the plural form of each language by its count, and falls back to the bare key', async () => {
    await Promise.all([loadNamespace('availability', 'en'), loadNamespace('availability', 'vi')]);
    expect(hasNamespace('vi', 'availability')).toBe(true);
    const en = translate('en', 'availability');
    expect(en('note.allFull', { count: 1 })).toBe(
      'Every time is full for 1 guest on this day — please pick another date.',
    );
    expect(en('note.allFull', { count: 4 })).toMatch(/^Every time is full for 4 guests on this day/);
    expect(en('note.allFull', { count: 0 })).toMatch(/^Every time is full for 0 guests/);
    // Vietnamese has one form (`_other`) for every count.
    expect(translate('vi', 'availability')('note.allFull', { count: 1 })).toMatch(
      /^Ngày này đã kín chỗ cho 1 khách ở mọi khung giờ/,
    );
    expect(en('reason.full', { count: 3 })).toBe('Full');
  });

  it('reads another namespace by prefix, another language by `lng`, and a fixed translator', async () => {
    await loadNamespace('home', 'en');
    const t = translate('en', 'home');
    expect(t('common:languageName')).toBe('English');
    expect(i18nFor('en').t('languageName', { lng: 'vi' })).toBe('Tiếng Việt');
    expect(i18nFor('vi').getFixedT('en')('languageName')).toBe('English');
    expect(i18nFor('vi').language).toBe('vi');
  });

  it('shows the key when a message is missing, or the default value when one is given', () => {
    const t = translate('en', 'common');
    expect(t('no.such.message')).toBe('no.such.message');
    expect(t('common:no.such.message')).toBe('no.such.message');
    expect(t('no.such', { defaultValue: 'party_size', field: 'x' })).toBe('party_size');
    // A branch of the catalogue is returned only when asked for.
    expect(t('hours')).toBe('hours');
    expect(t('hours', { returnObjects: true })).toMatchObject({ everyDay: expect.any(String) });
  });

  it('returns lists whole when asked (the testimonials)', async () => {
    await loadNamespace('home', 'vi');
    const items = translate('vi', 'home')('testimonials.items', { returnObjects: true });
    expect(Array.isArray(items)).toBe(true);
    expect((items as { quote: string }[])[0]?.quote).toMatch(/\S/);
  });
});

describe('<Trans>', () => {
  it('wraps each tagged part in its component, by index or by name, with the values in it', async () => {
    await Promise.all([loadNamespace('branches', 'en'), loadNamespace('booking', 'vi')]);
    const hours = renderToStaticMarkup(
      createElement(Trans, {
        t: translate('en', 'branches'),
        i18nKey: 'hours.rangeMarkup',
        values: { opens: '11:00 AM', closes: '<10 PM>' },
        components: [createElement('span', { className: 'time' })],
      }),
    );
    expect(hours).toBe('<span class="time">11:00 AM</span> – <span class="time">&lt;10 PM&gt;</span>');
    const title = renderToStaticMarkup(
      createElement(Trans, {
        t: translate('vi', 'booking'),
        i18nKey: 'manage.title',
        values: { reference: 'SL-7K2M' },
        components: { reference: createElement('span', { className: 'nowrap' }) },
      }),
    );
    expect(title).toBe('Đặt bàn <span class="nowrap">SL-7K2M</span>');
  });
});
