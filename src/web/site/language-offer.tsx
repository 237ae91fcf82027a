/**
 * The polite offer: a visitor on an English page whose browser prefers Vietnamese is told, once
 * and in Vietnamese, that the page exists in it. (Not the other way round: many Vietnamese readers
 * keep an English browser, and the Vietnamese pages need no offer of English beyond the switch.)
 * Nothing moves by itself: the site never redirects by Accept-Language.
 *
 * An island rendered only in the browser, and only when the offer is due (`languageToOffer`, run by
 * language-memory.ts, run by the boot script without React): most visitors never download it.
 */
import { useState } from 'react';
import { type Language, languageTags } from '../../domain/routes.ts';
import styles from '../shared/frame/layout.module.css';
import { i18nFor } from '../shared/i18n/i18n.ts';
import { rememberLanguage, samePageIn } from '../shared/i18n/language-memory.ts';

export function LanguageOffer({ offer }: { offer: Language }) {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  const t = i18nFor(offer).getFixedT(offer);
  const href = samePageIn(window.location, offer);
  return (
    <aside className={styles.offer} lang={languageTags[offer].bcp47} aria-label={t('language.label')}>
      <p>{t('language.offer')}</p>
      <a href={href} hrefLang={languageTags[offer].bcp47} onClick={() => rememberLanguage(offer)}>
        {t('language.offerAccept')}
      </a>
      <button type="button" onClick={() => setShown(false)}>
        {t('language.offerDismiss')}
      </button>
    </aside>
  );
}
