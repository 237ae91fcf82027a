import { useId, useState } from 'react';
import { branchName } from '../../../../domain/branch-names.ts';
import { formatDong, type MenuItemType, menuItemTypes } from '../../../../domain/menu.ts';
import { noMarks } from '../../../../domain/menu-today.ts';
import { branchBySlug, restaurantProfile } from '../../../../domain/restaurant-profile.ts';
import { useLanguage } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { DishPicture } from '../../../shared/ui/dish-picture.tsx';
import { useMenuToday } from '../../lib/use-menu-today.ts';
import { useSearchParams } from '../../location.ts';
import {
  allCategories,
  filterMenu,
  isFiltering,
  type MenuFilters,
  noFilters,
  type TypeFilter,
  withoutDishes,
} from './filter-menu.ts';
import styles from './menu.module.css';
import { useMenu } from './use-menu.ts';

const typeFilters: readonly TypeFilter[] = ['all', ...menuItemTypes];

/** The query parameter naming the chosen branch (/menu?branch=sa-pa); none: all branches. */
const branchParameter = 'branch';

/** The first rows are likely on screen at load; the rest wait until scrolled near. */
const eagerImages = 4;

/** The filters, the search and the dishes they leave: the menu's island. */
export function MenuBrowser() {
  const { t } = useTranslation('menu');
  const language = useLanguage();
  const { status, menu, categoryName } = useMenu(language);
  const [filters, setFilters] = useState<MenuFilters>(noFilters);
  const [searchParams, setSearchParams] = useSearchParams();
  const branch = branchBySlug(searchParams.get(branchParameter))?.slug;
  const marks = useMenuToday(branch !== undefined)?.branches[branch ?? ''] ?? noMarks;
  const soldOut = new Set(marks.soldOut.map((dish) => dish.id));
  const searchId = useId();
  const categoryId = useId();
  const branchId = useId();
  const groups = filterMenu(withoutDishes(menu, marks.hidden), filters);
  const shownCount = groups.reduce((sum, group) => sum + group.items.length, 0);
  let imageIndex = 0;

  return (
    <>
      <div className={styles.toolbar}>
        <fieldset className={styles.typeFilters}>
          <legend className="visually-hidden">{t('filters.label')}</legend>
          {typeFilters.map((type) => (
            <button
              key={type}
              type="button"
              className={styles.filterButton}
              aria-pressed={filters.type === type}
              onClick={() => setFilters((current) => ({ ...current, type }))}
            >
              {/* A tick, so the chosen filter is not told by colour alone (aria-pressed tells assistive tech). */}
              {filters.type === type ? <span aria-hidden="true">✓ </span> : null}
              {t(`filters.${type}`)}
            </button>
          ))}
        </fieldset>
        <div className={styles.fields}>
          <div className={styles.field}>
            <label htmlFor={branchId}>{t('branch.label')}</label>
            <select
              id={branchId}
              value={branch ?? ''}
              onChange={(event) =>
                setSearchParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    if (event.target.value) next.set(branchParameter, event.target.value);
                    else next.delete(branchParameter);
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              <option value="">{t('branch.all')}</option>
              {restaurantProfile.branches.map((option) => (
                <option key={option.slug} value={option.slug}>
                  {branchName(option.name, language)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={searchId}>{t('search.label')}</label>
            <input
              id={searchId}
              type="search"
              placeholder={t('search.placeholder')}
              value={filters.search}
              onChange={(event) => setFilters((current) => ({ ...current, search: event.target.value }))}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={categoryId}>{t('category.label')}</label>
            <select
              id={categoryId}
              value={filters.category}
              onChange={(event) => setFilters((current) => ({ ...current, category: event.target.value }))}
            >
              <option value={allCategories}>{t('category.all')}</option>
              {Object.keys(menu).map((category) => (
                <option key={category} value={category}>
                  {categoryName(category)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <div className={styles.results} aria-busy={status === 'loading'}>
        {status === 'loading' ? (
          <p className={styles.status}>{t('loading')}</p>
        ) : groups.length === 0 ? (
          <p className={styles.empty} role="status">
            {isFiltering(filters) ? t('noMatches') : t('unavailable')}
          </p>
        ) : (
          <>
            <p className="visually-hidden" role="status">
              {t('resultCount', { count: shownCount })}
            </p>
            {groups.map((group, groupIndex) => (
              <section
                key={group.category}
                aria-labelledby={`${searchId}-group-${groupIndex}`}
                className={styles.group}
              >
                <h2 id={`${searchId}-group-${groupIndex}`} className={styles.groupTitle}>
                  {categoryName(group.category)}
                </h2>
                <ul className={styles.items}>
                  {group.items.map((item) => {
                    const eager = imageIndex++ < eagerImages;
                    return (
                      <li key={item.name} className={styles.item}>
                        <DishPicture
                          image={item.image}
                          photo={item.photo}
                          sizes="(min-width: 48rem) 9rem, 7rem"
                          width={400}
                          height={300}
                          alt=""
                          loading={eager ? 'eager' : 'lazy'}
                          decoding="async"
                          className={styles.image}
                        />
                        <div className={styles.itemBody}>
                          <div className={styles.itemHead}>
                            <h3 className={styles.itemName}>{item.name}</h3>
                            <p className={styles.price}>{formatDong(item.price, language)}</p>
                          </div>
                          <p className={styles.description}>{item.description}</p>
                          <TypeBadge type={item.type} label={t(`types.${item.type}`)} />
                          {item.id !== undefined && soldOut.has(item.id) ? (
                            <p className={styles.soldOut}>{t('soldOut')}</p>
                          ) : null}
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))}
          </>
        )}
      </div>
    </>
  );
}

/** The type as text and a symbol (never colour alone): India's green-dot and brown-triangle marks, a glass for liquor. */
function TypeBadge({ type, label }: { type: MenuItemType; label: string }) {
  return (
    <p className={styles.badge} data-type={type}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        {type === 'liquor' ? (
          <path d="M4 2h8l-1 6a3 3 0 0 1-2 2.6V13h2v1H5v-1h2v-2.4A3 3 0 0 1 5 8z" fill="currentColor" />
        ) : (
          <>
            <rect x="1.5" y="1.5" width="13" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
            {type === 'veg' ? (
              <circle cx="8" cy="8" r="3.5" fill="currentColor" />
            ) : (
              <path d="M8 4l4 7H4z" fill="currentColor" />
            )}
          </>
        )}
      </svg>
      {label}
    </p>
  );
}
