/** The home page's schema.org data: the restaurant and its four branches (src/domain/restaurant-json-ld.ts). */
import { restaurantJsonLd } from '../../../domain/restaurant-json-ld.ts';
import { useLanguage } from '../../app/language.ts';
import { JsonLd } from '../../components/json-ld.tsx';

export function RestaurantJsonLd() {
  return <JsonLd data={restaurantJsonLd({ language: useLanguage() })} />;
}
