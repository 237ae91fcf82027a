import { formatClock } from '../../../../domain/format-dong.ts';
import { directionsUrl, restaurantProfile } from '../../../../domain/restaurant-profile.ts';
import { branchPath } from '../../../../domain/routes.ts';
import { useBranchName, useLanguage, useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { SectionHeading } from '../../../shared/ui/section-heading.tsx';
import styles from './home.module.css';

const telHref = (phone: string) => `tel:${phone.replaceAll(' ', '')}`;

export function ContactSection() {
  const { t } = useTranslation('home');
  const nameOf = useBranchName();
  const language = useLanguage();
  const localize = useLocalize();
  const { phone, email, opens, closes, branches } = restaurantProfile;
  const hours = t('common:hours.everyDay', {
    opens: formatClock(opens, language),
    closes: formatClock(closes, language),
  });
  return (
    <section id="contact" tabIndex={-1} aria-labelledby="contact-title" className={styles.section}>
      <SectionHeading
        level={2}
        id="contact-title"
        eyebrow={t('contact.eyebrow')}
        title={t('contact.title')}
        intro={t('contact.intro', { hours })}
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
          <dd>{hours}</dd>
        </div>
      </dl>
      <h3 className={styles.branchesTitle}>{t('contact.branchesTitle')}</h3>
      <ul className={styles.branches}>
        {branches.map((branch) => (
          <li key={branch.name} className={styles.branch}>
            <h4 className={styles.branchName}>
              {/* Each branch's own page: its hours, its story and "Book at this branch". */}
              <a href={localize(branchPath(branch.slug))}>{nameOf(branch.name)}</a>
            </h4>
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
              aria-label={t('contact.directionsTo', { branch: nameOf(branch.name) })}
            >
              {t('contact.directions')} <span aria-hidden="true">↗</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
