/**
 * The site's only script on arrival (index.html): a few kilobytes, no React. It applies the
 * visitor's remembered language, gives the frame its behaviours, and starts the page's islands,
 * each when its moment comes; React and an island's code load only then.
 */
import { splitLanguage } from '../../domain/routes.ts';
import { enhanceFrame } from '../shared/frame/frame-behaviour.ts';
import { languageToOffer, rememberedLanguage, samePageIn } from '../shared/i18n/language-memory.ts';
import { languageOfferSlot } from './frame-slots.ts';
import { islandLoaders } from './island-registry.ts';
import { mountNow, startIslands } from './islands/hydrate.ts';
import { notFoundRoute } from './page-kinds.ts';
import { revealOnScroll } from './reveal.ts';
import '../shared/frame/global.css';

function start(): void {
  const { language } = splitLanguage(window.location.pathname);
  // The visitor chose a language with the switch before: the same page in it (never by Accept-Language).
  const chosen = rememberedLanguage();
  if (chosen && chosen !== language) {
    window.location.replace(samePageIn(window.location, chosen));
    return;
  }
  enhanceFrame(document);
  revealOnScroll(document);
  // The spec asks for unknown routes to be logged.
  if (document.getElementById('root')?.dataset.prerendered === notFoundRoute)
    console.error(`404: no page at ${window.location.pathname}`);
  const offer = languageToOffer(language);
  const slot = document.getElementById(languageOfferSlot);
  if (offer && slot) {
    slot.dataset.props = JSON.stringify({ offer });
    slot.dataset.clientOnly = 'true';
    mountNow(slot, 'language-offer', islandLoaders, language).catch((error: unknown) => console.error(error));
  }
  // Marks the page ready once the islands that start with it are interactive, for end-to-end
  // tests and anyone measuring.
  void startIslands(islandLoaders, language).then(() => {
    document.documentElement.dataset.hydrated = 'true';
  });
}

start();
