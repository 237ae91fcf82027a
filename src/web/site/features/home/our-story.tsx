import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { SectionHeading } from '../../../shared/ui/section-heading.tsx';
import styles from './home.module.css';

/** The two pictures beside the story, by the slug of their file and message (story.<slug>Alt). */
const storyPhotos = ['kitchen', 'branches'] as const;

export function OurStory() {
  const { t } = useTranslation('home');
  return (
    <section id="our-story" tabIndex={-1} aria-labelledby="our-story-title" className={styles.section}>
      <div className={styles.story}>
        <div className={styles.storyPhotos}>
          {storyPhotos.map((photo) => (
            <img
              key={photo}
              src={`/images/story-${photo}.svg`}
              width={800}
              height={600}
              alt={t(`story.${photo}Alt`)}
              loading="lazy"
              decoding="async"
              className={styles.storyPhoto}
            />
          ))}
        </div>
        <div className={styles.storyText}>
          <SectionHeading level={2} id="our-story-title" eyebrow={t('story.eyebrow')} title={t('story.title')} />
          <p>{t('story.p1')}</p>
          <p>{t('story.p2')}</p>
          <p>{t('story.p3')}</p>
          <p>{t('story.p4')}</p>
        </div>
      </div>
    </section>
  );
}
