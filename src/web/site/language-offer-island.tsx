import { defaultLanguage, isLanguage } from '../../domain/routes.ts';
import { defineIsland } from './islands/island.tsx';
import { LanguageOffer } from './language-offer.tsx';

export const languageOfferIsland = defineIsland({
  name: 'language-offer',
  Component: LanguageOffer,
  namespaces: [],
  props: (value) => {
    const offer = value !== null && typeof value === 'object' && 'offer' in value ? value.offer : undefined;
    return { offer: isLanguage(offer) ? offer : defaultLanguage };
  },
});
