import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { branchPageJsonLdSchema, branchRestaurantSchema } from '../../tests/support/restaurant-json-ld-schema.ts';
import { branchPageJsonLd, openingHoursSpecification, restaurantJsonLd } from './restaurant-json-ld.ts';
import { branchBySlug, branchSlugs, everyDayHours, restaurantProfile } from './restaurant-profile.ts';

const site = restaurantProfile.website;
const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

describe('branchPageJsonLd', () => {
  it.each(branchSlugs)('gives %s every field a local result needs, from the profile', (slug) => {
    const branch = branchBySlug(slug);
    if (!branch) throw new Error(`no branch ${slug}`);
    const data = branchPageJsonLdSchema.parse(JSON.parse(JSON.stringify(branchPageJsonLd(branch))));
    expect(data.url).toBe(`${site}/branches/${slug}`);
    expect(data.telephone).toBe(branch.phone);
    expect(data.address).toMatchObject({ streetAddress: branch.street, addressRegion: branch.region });
    expect(data.geo).toMatchObject({ latitude: branch.latitude, longitude: branch.longitude });
    expect(data.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: week, opens: '10:30', closes: '23:00' },
    ]);
    expect(data.servesCuisine).toBe('Indian');
    expect(data.acceptsReservations).toBe(`${site}/?branch=${slug}#booking`);
    expect(data.hasMenu).toBe(`${site}/menu`);
  });

  it('links to the pages of the language it is given', () => {
    const branch = branchBySlug('sa-pa');
    if (!branch) throw new Error('no Sa Pa');
    const data = branchPageJsonLd(branch, { language: 'vi', description: 'Nhà hàng Ấn Độ' });
    expect(data.url).toBe(`${site}/vi/branches/sa-pa`);
    expect(data.hasMenu).toBe(`${site}/vi/menu`);
    expect(data.acceptsReservations).toBe(`${site}/vi?branch=sa-pa#booking`);
    expect(data.description).toBe('Nhà hàng Ấn Độ');
  });

  it('gives each branch its own position, far enough apart to be four places', () => {
    const points = restaurantProfile.branches.map(
      (branch) => `${branch.latitude.toFixed(1)},${branch.longitude.toFixed(1)}`,
    );
    expect(new Set(points).size).toBe(4);
  });
});

describe('restaurantJsonLd (home page)', () => {
  it('is the restaurant, with each branch and its page as a department', () => {
    const data = restaurantJsonLd();
    expect(data['@type']).toBe('Restaurant');
    expect(data.department).toHaveLength(4);
    for (const [index, branch] of restaurantProfile.branches.entries()) {
      const department = branchRestaurantSchema.parse(data.department[index]);
      expect(department.url).toBe(`${site}/branches/${branch.slug}`);
    }
    const vietnamese = restaurantJsonLd({ language: 'vi' });
    expect(vietnamese.url).toBe(`${site}/vi`);
    expect(vietnamese.department.map((department) => department.url)).toEqual(
      restaurantProfile.branches.map((branch) => `${site}/vi/branches/${branch.slug}`),
    );
  });
});

describe('openingHoursSpecification', () => {
  it('groups days sharing a range and keeps split days apart', () => {
    expect(
      openingHoursSpecification([
        { weekday: 2, opens: '11:00', closes: '14:00' },
        { weekday: 1, opens: '11:00', closes: '14:00' },
        { weekday: 1, opens: '17:00', closes: '22:00' },
      ]),
    ).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday'], opens: '11:00', closes: '14:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday'], opens: '17:00', closes: '22:00' },
    ]);
  });

  it('publishes the hours the database is seeded with (supabase/migrations/20261123000000_branch_availability.sql)', () => {
    const sql = readFileSync(
      join(import.meta.dirname, '../../supabase/migrations/20261123000000_branch_availability.sql'),
      'utf8',
    );
    const seed =
      /select b\.branch, d\.weekday, time '(\d\d:\d\d)', time '(\d\d:\d\d)'\s+from public\.branch_settings b cross join generate_series\((\d), (\d)\)/.exec(
        sql,
      );
    expect(seed?.slice(1)).toEqual([everyDayHours[0]?.opens, everyDayHours[0]?.closes, '1', '7']);
    expect(everyDayHours.map((range) => range.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(everyDayHours.map((range) => `${range.opens}-${range.closes}`)).size).toBe(1);
  });
});
