/**
 * What a branch's schema.org Restaurant data must hold (issue 15): address, geo, telephone,
 * openingHoursSpecification, servesCuisine, priceRange, acceptsReservations and hasMenu. Shared
 * by the builder's unit tests and the end-to-end test that reads the data out of the served HTML.
 */
import { z } from 'zod';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const schemaDay = z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
const httpsUrl = z.url({ protocol: /^https$/ });

export const openingHoursSpecificationSchema = z
  .array(
    z.object({
      '@type': z.literal('OpeningHoursSpecification'),
      dayOfWeek: z.array(schemaDay).min(1),
      opens: hhmm,
      closes: hhmm,
    }),
  )
  .min(1);

export const branchRestaurantSchema = z.object({
  '@type': z.literal('Restaurant'),
  name: z.string().min(1),
  url: httpsUrl,
  // International format, as search engines and phones want it: +84 then digits and spaces.
  telephone: z.string().regex(/^\+84( ?\d){8,11}$/),
  address: z.object({
    '@type': z.literal('PostalAddress'),
    streetAddress: z.string().min(1),
    addressLocality: z.string().min(1),
    addressRegion: z.string().min(1),
    addressCountry: z.literal('VN'),
  }),
  // Inside Vietnam's bounding box.
  geo: z.object({
    '@type': z.literal('GeoCoordinates'),
    latitude: z.number().min(8.1).max(23.4),
    longitude: z.number().min(102.1).max(109.5),
  }),
  openingHoursSpecification: openingHoursSpecificationSchema,
  servesCuisine: z.string().min(1),
  priceRange: z.string().min(1),
  acceptsReservations: z.union([z.literal(true), httpsUrl]),
  hasMenu: httpsUrl,
});

export const branchPageJsonLdSchema = branchRestaurantSchema.extend({ '@context': z.literal('https://schema.org') });
