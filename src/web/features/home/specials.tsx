import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDong } from '../../../domain/format-dong.ts';
import { paths } from '../../../domain/routes.ts';
import { useLanguage, useLocalize } from '../../app/language.ts';
import { scrollToSection } from '../../app/section-scroll.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { SectionHeading } from '../../components/ui/section-heading.tsx';
import styles from './home.module.css';
import { useRevealOnScroll } from './use-reveal-on-scroll.ts';

/** Today's specials are fixed (spec §3): id, slug for the image and messages, price in dong. */
const specials = [
  { id: 1, slug: 'tandoori-chicken', price: 350000 },
  { id: 2, slug: 'chicken-tikka-masala', price: 180000 },
  { id: 3, slug: 'palak-paneer', price: 175000 },
] as const;

export function Specials() {
  const { t } = useTranslation('home');
  const localize = useLocalize();
  const language = useLanguage();
  const [gridRef, reveal] = useRevealOnScroll<HTMLUListElement>();
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
      <ul ref={gridRef} className={styles.specialsGrid} data-reveal={reveal}>
        {specials.map((dish, index) => (
          <li
            key={dish.id}
            className={styles.specialCard}
            // The stagger: each card starts 0.1 s after the one before.
            style={{ animationDelay: `${index * 0.1}s` }}
          >
            <article aria-labelledby={`special-${dish.id}`}>
              <img
                src={`/images/specials/${dish.slug}.svg`}
                width={800}
                height={600}
                alt={t(`specials.items.${dish.slug}.alt`)}
                loading="lazy"
                decoding="async"
                className={styles.specialImage}
              />
              <div className={styles.specialBody}>
                <h3 id={`special-${dish.id}`} className={styles.specialName}>
                  {t(`specials.items.${dish.slug}.name`)}
                </h3>
                <p className={styles.specialDescription}>{t(`specials.items.${dish.slug}.description`)}</p>
                <div className={styles.specialFooter}>
                  <p className={styles.price}>{formatDong(dish.price, language)}</p>
                  {/* The spec shows no action for Order Now: it leads to the booking form. */}
                  <Button
                    variant="secondary"
                    aria-describedby={`special-${dish.id}`}
                    onClick={() => scrollToSection('booking')}
                  >
                    {t('specials.orderNow')}
                  </Button>
                </div>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <div className={styles.centered}>
        <Link to={localize(paths.menu)} className={buttonClass('ghost', styles.bigButton)}>
          {t('specials.viewMenu')}
        </Link>
      </div>
    </section>
  );
}
