import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { SectionHeading } from '../../../shared/ui/section-heading.tsx';
import styles from './home.module.css';

interface Testimonial {
  quote: string;
  name: string;
  detail: string;
}

export function Testimonials() {
  const { t } = useTranslation('home');
  const items = t('testimonials.items', { returnObjects: true }) as Testimonial[];
  return (
    <section
      id="testimonials"
      tabIndex={-1}
      aria-labelledby="testimonials-title"
      className={`${styles.section} ${styles.testimonials}`}
    >
      <SectionHeading
        level={2}
        id="testimonials-title"
        eyebrow={t('testimonials.eyebrow')}
        title={t('testimonials.title')}
        className={styles.sectionHead}
      />
      <ul className={styles.quotes}>
        {items.map((item) => (
          <li key={item.name}>
            <figure className={styles.quote}>
              <blockquote>
                <p>{item.quote}</p>
              </blockquote>
              <figcaption>
                <strong>{item.name}</strong>
                <span>{item.detail}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
