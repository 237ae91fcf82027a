/** Ids the site's frame gives its parts for the boot script, which imports no React. */
export const languageOfferSlot = 'language-offer';
