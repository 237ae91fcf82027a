/**
 * The polite offer: a visitor on an English page whose browser prefers Vietnamese is told, once
 * and in Vietnamese, that the page exists in it. (Not the other way round: many Vietnamese readers
 * keep an English browser, and the Vietnamese pages need no offer of English beyond the switch.) Nothing moves by itself: the site never
 * redirects by Accept-Language. Shown only after hydration (the prerendered page is the same for
 * everyone), and never again once offered or once the visitor has chosen with the switch.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { defaultLanguage, type Language, languages, languageTags } from '../../../domain/routes.ts';
import { prepareLanguage } from '../i18n/i18n.ts';
import { markLanguageOffered, mayOfferLanguage, rememberLanguage, samePageIn, useLanguage } from '../i18n/language.ts';
import { useTranslation } from '../i18n/translation.tsx';
import styles from './layout.module.css';

function preferredLanguage(): Language | undefined {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    const match = languages.find((language) => language === base);
    if (match) return match;
  }
  return undefined;
}

export function LanguageOffer() {
  const { i18n } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const [offer, setOffer] = useState<Language>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once, on arrival
  useEffect(() => {
    if (!mayOfferLanguage()) return;
    const preferred = preferredLanguage();
    if (!preferred || preferred === language || preferred === defaultLanguage) return;
    markLanguageOffered();
    setOffer(preferred);
  }, []);

  if (!offer || offer === language) return null;
  const t = i18n.getFixedT(offer);
  const href = samePageIn(location, offer);
  return (
    <aside className={styles.offer} lang={languageTags[offer].bcp47} aria-label={t('language.label')}>
      <p>{t('language.offer')}</p>
      <a
        href={href}
        hrefLang={languageTags[offer].bcp47}
        onClick={(event) => {
          event.preventDefault();
          rememberLanguage(offer);
          void prepareLanguage(offer).then(() => navigate(href));
        }}
      >
        {t('language.offerAccept')}
      </a>
      <button type="button" onClick={() => setOffer(undefined)}>
        {t('language.offerDismiss')}
      </button>
    </aside>
  );
}
