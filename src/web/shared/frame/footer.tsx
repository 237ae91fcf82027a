import { formatClock } from '../../../domain/format-dong.ts';
import { restaurantProfile } from '../../../domain/restaurant-profile.ts';
import { useBranchName, useLanguage } from '../i18n/language.ts';
import { useTranslation } from '../i18n/translation.tsx';
import { BrandMark } from './brand-mark.tsx';
import styles from './footer.module.css';

export function Footer() {
  const { t } = useTranslation();
  const nameOf = useBranchName();
  const language = useLanguage();
  const { name, phone, email, opens, closes, since, branches } = restaurantProfile;
  const hours = t('hours.everyDay', { opens: formatClock(opens, language), closes: formatClock(closes, language) });
  return (
    <footer className={styles.footer}>
      <div className={styles.grid}>
        <section aria-labelledby="footer-brand" className={styles.brand}>
          <h2 id="footer-brand" className={styles.brandName}>
            <BrandMark className={styles.mark} />
            {name}
          </h2>
          <p>{t('footer.servingSince', { year: since })}</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            {t('footer.contact')}
          </h2>
          <ul className={styles.list}>
            <li>
              <span className={styles.label}>{t('footer.phone')}</span>{' '}
              <a href={`tel:${phone.replaceAll(' ', '')}`}>{phone}</a>
            </li>
            <li>
              <span className={styles.label}>{t('footer.email')}</span> <a href={`mailto:${email}`}>{email}</a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className={styles.heading}>
            {t('footer.hours')}
          </h2>
          <p>{hours}</p>
        </section>
        <section aria-labelledby="footer-locations">
          <h2 id="footer-locations" className={styles.heading}>
            {t('footer.locations')}
          </h2>
          <ul className={styles.list}>
            {branches.map((branch) => (
              <li key={branch.name}>
                <strong>{nameOf(branch.name)}</strong>
                <br />
                {branch.address}
              </li>
            ))}
          </ul>
        </section>
      </div>
      {/* The year comes from the clock: a page prerendered last December may hydrate in January. */}
      <p className={styles.copyright} suppressHydrationWarning>
        {t('footer.copyright', { since, year: new Date().getFullYear(), name })}
      </p>
    </footer>
  );
}
