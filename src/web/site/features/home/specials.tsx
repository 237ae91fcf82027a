import type { CSSProperties } from 'react';
import { formatDong } from '../../../../domain/format-dong.ts';
import { paths } from '../../../../domain/routes.ts';
import { useLanguage, useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { Button, buttonClass } from '../../../shared/ui/button.tsx';
import { DishPicture } from '../../../shared/ui/dish-picture.tsx';
import { SectionHeading } from '../../../shared/ui/section-heading.tsx';
import { useMenuToday } from '../../lib/use-menu-today.ts';
import styles from './home.module.css';

function staggerIndex(index: number): CSSProperties {
  const style: CSSProperties & { '--i': number } = { '--i': index };
  return style;
}

/**
 * Today's three specials (spec §3), as the owner chose them on the menu screen: the date's own,
 * or the standing choice (public.daily_specials), with their menu prices.
 */
export function Specials() {
  const { t } = useTranslation('home');
  const localize = useLocalize();
  const language = useLanguage();
  // The entrance is the page's vanilla script's (reveal.ts); here for the app that still hydrates
  // the whole page. Calling it again is harmless.
  const specials = useMenuToday(true)?.specials ?? [];
  return (
    <section id="specials" aria-labelledby="specials-title" className={`${styles.section} ${styles.specials}`}>
      <SectionHeading
        level={2}
        id="specials-title"
        eyebrow={t('specials.eyebrow')}
        title={t('specials.title')}
        intro={t('specials.intro')}
        className={styles.sectionHead}
      />
      <ul className={styles.specialsGrid} data-reveal>
        {specials.map((dish, index) => (
          <li
            key={dish.id}
            className={styles.specialCard}
            // The stagger: each card starts 0.1 s after the one before (home.module.css).
            style={staggerIndex(index)}
          >
            <article aria-labelledby={`special-${dish.id}`}>
              <DishPicture
                image={dish.image}
                photo={dish.photo}
                sizes="(min-width: 64rem) 24rem, 100vw"
                width={800}
                height={600}
                alt={dish.alt[language]}
                loading="lazy"
                decoding="async"
                className={styles.specialImage}
              />
              <div className={styles.specialBody}>
                <h3 id={`special-${dish.id}`} className={styles.specialName}>
                  {dish.name[language]}
                </h3>
                <p className={styles.specialDescription}>{dish.description[language]}</p>
                <div className={styles.specialFooter}>
                  <p className={styles.price}>{formatDong(dish.price, language)}</p>
                  {/* The spec shows no action for Order Now: it leads to the booking form (frame-behaviour.ts). */}
                  <Button variant="secondary" aria-describedby={`special-${dish.id}`} data-scroll-to="booking">
                    {t('specials.orderNow')}
                  </Button>
                </div>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <div className={styles.centered}>
        <a href={localize(paths.menu)} className={buttonClass('ghost', styles.bigButton)}>
          {t('specials.viewMenu')}
        </a>
      </div>
    </section>
  );
}
