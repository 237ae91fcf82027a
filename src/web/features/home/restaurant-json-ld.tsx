/** schema.org Restaurant data for search engines: the restaurant and its four branches, from the profile. */
import { restaurantProfile } from '../../../domain/restaurant-profile.ts';

const openingHours = {
  '@type': 'OpeningHoursSpecification',
  dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  opens: restaurantProfile.opens,
  closes: restaurantProfile.closes,
};

export function restaurantJsonLd() {
  const { name, website, phone, email, since, branches } = restaurantProfile;
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name,
    url: website,
    telephone: phone,
    email,
    foundingDate: restaurantProfile.openedOn,
    servesCuisine: 'Indian',
    priceRange: '₫₫',
    currenciesAccepted: restaurantProfile.currency,
    image: new URL('/images/og-image.png', website).href,
    menu: new URL('/menu', website).href,
    acceptsReservations: true,
    slogan: `${restaurantProfile.tagline} — since ${since}`,
    openingHoursSpecification: [openingHours],
    department: branches.map((branch) => ({
      '@type': 'Restaurant',
      name: `${name} — ${branch.name}`,
      telephone: branch.phone,
      servesCuisine: 'Indian',
      address: {
        '@type': 'PostalAddress',
        streetAddress: branch.address,
        addressLocality: branch.city,
        addressCountry: 'VN',
      },
      geo: { '@type': 'GeoCoordinates', latitude: branch.latitude, longitude: branch.longitude },
      openingHoursSpecification: [openingHours],
    })),
  };
}

export function RestaurantJsonLd() {
  return (
    <script
      type="application/ld+json"
      // Data, not code: "<" is escaped so no text in the profile can close the element.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be the element's text
      dangerouslySetInnerHTML={{ __html: JSON.stringify(restaurantJsonLd()).replaceAll('<', '\\u003c') }}
    />
  );
}
