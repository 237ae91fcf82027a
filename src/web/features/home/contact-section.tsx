import { useTranslation } from 'react-i18next';
import { directionsUrl, restaurantProfile } from '../../../domain/restaurant-profile.ts';
import { SectionHeading } from '../../components/ui/section-heading.tsx';
import styles from './home.module.css';

const telHref = (phone: string) => `tel:${phone.replaceAll(' ', '')}`;

export function ContactSection() {
  const { t } = useTranslation('home');
  const { phone, email, hoursLabel, branches } = restaurantProfile;
  return (
    <section id="contact" tabIndex={-1} aria-labelledby="contact-title" className={styles.section}>
      <SectionHeading
        level={2}
        id="contact-title"
        eyebrow={t('contact.eyebrow')}
        title={t('contact.title')}
        intro={t('contact.intro')}
        className={styles.sectionHead}
      />
      <dl className={styles.contactFacts}>
        <div>
          <dt>{t('contact.phone')}</dt>
          <dd>
            <a href={telHref(phone)}>{phone}</a>
          </dd>
        </div>
        <div>
          <dt>{t('contact.email')}</dt>
          <dd>
            <a href={`mailto:${email}`}>{email}</a>
          </dd>
        </div>
        <div>
          <dt>{t('contact.hours')}</dt>
          <dd>{hoursLabel}</dd>
        </div>
      </dl>
      <h3 className={styles.branchesTitle}>{t('contact.branchesTitle')}</h3>
      <ul className={styles.branches}>
        {branches.map((branch) => (
          <li key={branch.name} className={styles.branch}>
            <h4 className={styles.branchName}>{branch.name}</h4>
            <address className={styles.branchAddress}>
              {branch.address}
              <br />
              {t('contact.branchPhone')} <a href={telHref(branch.phone)}>{branch.phone}</a>
            </address>
            <a
              href={directionsUrl(branch)}
              className={styles.directions}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('contact.directionsTo', { branch: branch.name })}
            >
              {t('contact.directions')} <span aria-hidden="true">↗</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
