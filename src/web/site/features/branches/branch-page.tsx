/**
 * A branch's own page (/branches/<slug>): where it is, how to reach it, when it is open, a few
 * words about it, and "Book at this branch", which opens the home page's form with the branch
 * chosen. It carries the branch's schema.org Restaurant data and is prerendered per branch.
 */
import { Fragment } from 'react';
import { formatClock } from '../../../../domain/format-dong.ts';
import { branchPageJsonLd } from '../../../../domain/restaurant-json-ld.ts';
import {
  type BranchSlug,
  branchBySlug,
  directionsUrl,
  restaurantProfile,
} from '../../../../domain/restaurant-profile.ts';
import { bookAtBranchPath, branchPath, paths } from '../../../../domain/routes.ts';
import { usePageMeta } from '../../../shared/frame/page-meta.tsx';
import { useLanguage, useLocalize } from '../../../shared/i18n/language.ts';
import { Trans, useTranslation } from '../../../shared/i18n/translation.tsx';
import { buttonClass } from '../../../shared/ui/button.tsx';
import { SectionHeading } from '../../../shared/ui/section-heading.tsx';
import { JsonLd } from '../../components/json-ld.tsx';
import { useMenuToday } from '../../lib/use-menu-today.ts';
import styles from './branches.module.css';
import { hoursLines } from './opening-hours.ts';

const telHref = (phone: string) => `tel:${phone.replaceAll(' ', '')}`;

export function BranchPage({ slug }: { slug: BranchSlug }) {
  const { t } = useTranslation('branches');
  const language = useLanguage();
  const localize = useLocalize();
  const branch = branchBySlug(slug);
  if (!branch) throw new Error(`No branch "${slug}" in the restaurant profile`);
  const name = t(`items.${slug}.name`);
  const brand = restaurantProfile.name;
  const lines = hoursLines(branch.hours);
  const range = (opens: string, closes: string) =>
    t('hours.range', { opens: formatClock(opens, language), closes: formatClock(closes, language) });
  const dayName = (weekday: number) => t(`hours.weekdays.${weekday}`);
  const days = (from: number, to: number) => {
    if (from === 1 && to === 7) return t('hours.everyDay');
    return from === to ? dayName(from) : t('hours.days', { from: dayName(from), to: dayName(to) });
  };
  const hoursText = lines
    .filter((line) => line.ranges.length > 0)
    .map((line) => `${days(line.from, line.to)} ${line.ranges.map((r) => range(r.opens, r.closes)).join(', ')}`)
    .join('; ');

  usePageMeta({
    title: t('meta.title', { brand, name, street: branch.street }),
    description: t('meta.description', {
      name,
      address: branch.address,
      hours: hoursText.charAt(0).toLowerCase() + hoursText.slice(1),
      phone: branch.phone,
    }),
    path: localize(branchPath(slug)),
  });

  const others = restaurantProfile.branches.filter((other) => other.slug !== slug);
  const soldOut = useMenuToday(true)?.branches[slug]?.soldOut ?? [];

  return (
    <article className={styles.page} aria-labelledby="branch-title">
      <JsonLd data={branchPageJsonLd(branch, { language, description: t(`items.${slug}.text`) })} />
      <nav aria-label={t('breadcrumb')} className={styles.breadcrumb}>
        <ol>
          <li>
            <a href={localize(paths.home)}>{t('home')}</a>
          </li>
          <li>
            <a href={`${localize(paths.home)}#contact`}>{t('branches')}</a>
          </li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>

      <div className={styles.intro}>
        <div className={styles.introText}>
          <SectionHeading
            level={1}
            id="branch-title"
            eyebrow={t(`items.${slug}.tagline`)}
            title={t('title', { brand, name })}
            intro={t(`items.${slug}.text`)}
            className={styles.heading}
          />
          <div className={styles.actions}>
            <a href={bookAtBranchPath(slug, language)} className={buttonClass('primary', styles.book)}>
              {t('book')}
            </a>
            <a
              href={directionsUrl(branch)}
              className={styles.textLink}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('directionsTo', { brand, name })}
            >
              {t('directions')} <span aria-hidden="true">↗</span>
            </a>
          </div>
        </div>
        <img
          className={styles.image}
          src={`/images/branches/${slug}.svg`}
          alt={t(`items.${slug}.imageAlt`)}
          width={800}
          height={600}
          decoding="async"
        />
      </div>

      <section aria-labelledby="visit-title" className={styles.visit}>
        <h2 id="visit-title" className={styles.sectionTitle}>
          {t('visit.title')}
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>{t('visit.address')}</dt>
            <dd>
              <address className={styles.address}>{branch.address}</address>
            </dd>
          </div>
          <div>
            <dt>{t('visit.phone')}</dt>
            <dd>
              <a href={telHref(branch.phone)}>{branch.phone}</a>
            </dd>
          </div>
          <div>
            <dt>{t('visit.hours')}</dt>
            <dd>
              <ul className={styles.hours}>
                {lines.map((line) => (
                  <li key={line.from}>
                    <span className={styles.days}>{days(line.from, line.to)}</span>{' '}
                    {line.ranges.length
                      ? line.ranges.map((r, index) => (
                          <Fragment key={r.opens}>
                            {index > 0 ? ', ' : null}
                            {/* Each time stays on one line: "11:00 PM", never "11:00 / PM". */}
                            <Trans
                              t={t}
                              i18nKey="hours.rangeMarkup"
                              values={{
                                opens: formatClock(r.opens, language),
                                closes: formatClock(r.closes, language),
                              }}
                              components={[<span key="time" className={styles.time} />]}
                            />
                          </Fragment>
                        ))
                      : t('hours.closed')}
                  </li>
                ))}
              </ul>
              <p className={styles.note}>{t('visit.lastTable')}</p>
            </dd>
          </div>
        </dl>
      </section>

      {soldOut.length > 0 ? (
        <section aria-labelledby="sold-out-title" className={styles.soldOut}>
          <h2 id="sold-out-title" className={styles.sectionTitle}>
            {t('soldOut.title')}
          </h2>
          <p className={styles.note}>{t('soldOut.intro')}</p>
          <ul className={styles.soldOutList}>
            {soldOut.map((dish) => (
              <li key={dish.id}>{dish.name[language]}</li>
            ))}
          </ul>
          <a href={`${localize(paths.menu)}?branch=${slug}`} className={styles.textLink}>
            {t('soldOut.menu')}
          </a>
        </section>
      ) : null}

      <section aria-labelledby="others-title" className={styles.others}>
        <h2 id="others-title" className={styles.sectionTitle}>
          {t('others.title')}
        </h2>
        <ul className={styles.otherList}>
          {others.map((other) => (
            <li key={other.slug}>
              <a href={localize(branchPath(other.slug))} className={styles.otherCard}>
                <span className={styles.otherName}>{t('title', { brand, name: t(`items.${other.slug}.name`) })}</span>
                <span className={styles.otherAddress}>{other.address}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
