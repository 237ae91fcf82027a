/**
 * Every site page's frame: the skip link, the fixed header, the page in <main>, the footer, and the
 * place the language offer appears (site/boot.ts decides). Static HTML: its few behaviours (the
 * mobile menu's state, section scrolling, the language memory) are plain scripts, frame-behaviour.ts.
 */
import type { ReactNode } from 'react';
import { Footer } from '../shared/frame/footer.tsx';
import { Header } from '../shared/frame/header.tsx';
import styles from '../shared/frame/layout.module.css';
import { useTranslation } from '../shared/i18n/translation.tsx';
import { languageOfferSlot } from './frame-slots.ts';

export function SiteFrame(props: { pathname: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a className={styles.skipLink} href="#main">
        {t('skipToContent')}
      </a>
      <Header pathname={props.pathname} />
      <main id="main" tabIndex={-1} className={styles.main}>
        <div>{props.children}</div>
      </main>
      <Footer />
      <div id={languageOfferSlot} />
    </>
  );
}
