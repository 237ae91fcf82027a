import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { splitLanguage } from '../domain/routes.ts';
import { App } from './app/app.tsx';
import { preloadScreenFor } from './app/routes.tsx';
import './shared/i18n/i18n.ts';
import { rememberedLanguage, samePageIn } from './shared/i18n/language.ts';
import { isPrerenderedFor } from './site/prerender-marker.ts';
import './shared/frame/global.css';

function start(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const { language } = splitLanguage(window.location.pathname);
  // The visitor chose a language with the switch before: the same page in it (never by Accept-Language).
  const chosen = rememberedLanguage();
  if (chosen && chosen !== language) {
    window.location.replace(samePageIn(window.location, chosen));
    return;
  }
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // Public pages arrive prerendered (scripts/prerender): hydrate them, once the screen's code is
  // here, in one pass. As a transition, so that pass yields to the browser between components
  // (a click meanwhile hydrates its own path first). Other routes get the empty shell.
  if (isPrerenderedFor(root, window.location.pathname)) {
    const hydrate = () => startTransition(() => void hydrateRoot(root, app));
    preloadScreenFor(window.location.pathname).then(hydrate, hydrate);
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}

start();
