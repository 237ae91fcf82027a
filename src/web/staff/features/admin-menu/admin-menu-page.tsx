/**
 * The menu screen (/admin/menu). Owners run the whole menu: dishes by category in their order
 * (moved with buttons, so the keyboard reorders as well as a pointer), a form in both languages
 * with price, dietary marks, spice, photo (uploaded to the `menu` bucket with supabase-js) and
 * published or draft, and today's three specials. Hosts (and the legacy staff role) see the
 * sold-out part only: one tap marks a dish, or a whole category, sold out at a branch until it
 * next opens. The database's row-level security decides what each may change; this screen only
 * chooses what to show.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { branchName } from '../../../../domain/branch-names.ts';
import { formatDong, menuItemTypes } from '../../../../domain/menu.ts';
import { restaurantProfile } from '../../../../domain/restaurant-profile.ts';
import { restaurantMoment } from '../../../../domain/restaurant-time.ts';
import type { Language } from '../../../../domain/routes.ts';
import { useLanguage } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormField } from '../../../shared/ui/form-field.tsx';
import type { StaffClaims } from '../../shell/staff-claims.ts';
import { StaffScreen } from '../../shell/staff-screen.tsx';
import { VisitCache } from '../../shell/visit-cache.tsx';
import styles from './admin-menu.module.css';
import { type CategoryFormValues, categoryFormSchema, categorySlug } from './category-form.ts';
import { type DishFormInput, type DishFormValues, dishChange, dishFormSchema } from './dish-form.ts';
import {
  type Category,
  type Dish,
  type MenuBoard,
  MenuCallError,
  menuTags,
  uploadDishPhoto,
  useMenuBoard,
  useMenuChange,
} from './menu-api.ts';

/** Refusals this screen explains; anything else is a general failure. */
const knownRefusals = [
  '42501',
  '23505',
  'MN001',
  'MN003',
  'MN004',
  '23514',
  'photo_too_large',
  'photo_type',
  'photo_refused',
];

function useRefusal() {
  const { t } = useTranslation('adminMenu');
  return (error: unknown) => {
    const code = error instanceof MenuCallError ? error.code : 'unexpected';
    const text = knownRefusals.includes(code) ? t(`errors.${code}`) : t('errors.unexpected');
    return error instanceof MenuCallError && error.detail ? `${text} (${error.detail})` : text;
  };
}

/** The spice select's value for a stored level (0–3, or none). */
const spiceLevels: Record<number, DishFormInput['spice']> = { 0: '0', 1: '1', 2: '2', 3: '3' };

const localized = (language: Language, en: string, vi: string) => (language === 'vi' ? vi : en);

function photoUrl(supabase: SupabaseClient, path: string | null): string | undefined {
  if (!path) return undefined;
  return path.startsWith('/') ? path : supabase.storage.from('menu').getPublicUrl(path).data.publicUrl;
}

/** The branches whose marks this account may set: a host's own, everyone else's all four. */
function branchesFor(claims: StaffClaims): string[] {
  const all = restaurantProfile.branches.map((branch) => branch.name);
  return claims.role === 'host' ? all.filter((name) => claims.branches.includes(name)) : all;
}

function DishDialog(props: {
  supabase: SupabaseClient;
  categories: Category[];
  dish: Dish | undefined;
  categoryId: number;
  nextPosition: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminMenu');
  const refusal = useRefusal();
  const change = useMenuChange(props.supabase);
  const [photo, setPhoto] = useState<File | undefined>();
  const [preview, setPreview] = useState<string | undefined>(photoUrl(props.supabase, props.dish?.image_path ?? null));
  const form = useForm<DishFormInput, unknown, DishFormValues>({
    resolver: zodResolver(dishFormSchema),
    defaultValues: {
      name_en: props.dish?.name_en ?? '',
      name_vi: props.dish?.name_vi ?? '',
      description_en: props.dish?.description_en ?? '',
      description_vi: props.dish?.description_vi ?? '',
      price: props.dish ? String(props.dish.price) : '',
      type: props.dish?.type ?? 'veg',
      tags: props.dish?.tags ?? [],
      spice: spiceLevels[props.dish?.spice ?? -1] ?? '',
      category_id: String(props.dish?.category_id ?? props.categoryId),
      published: props.dish?.published ?? false,
      image_path: props.dish?.image_path ?? null,
      hasNewPhoto: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const error = (message: string | undefined) => (message ? t(`form.errors.${message}`) : undefined);

  // The preview of a chosen file lives as long as it is shown.
  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const save = form.handleSubmit(async (values) => {
    try {
      const imagePath = photo ? await uploadDishPhoto(props.supabase, photo) : values.image_path;
      await change.mutateAsync({
        kind: 'save',
        id: props.dish?.id,
        dish: dishChange(values, imagePath),
        position: props.nextPosition,
      });
      notify.success(t('form.saved', { name: values.name_en }));
      props.onClose();
    } catch (failure) {
      form.setError('root', { message: refusal(failure) });
    }
  });

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} aria-describedby={undefined}>
          <Dialog.Title className={styles.dialogTitle}>
            {props.dish ? t('form.editTitle', { name: props.dish.name_en }) : t('form.addTitle')}
          </Dialog.Title>
          <form className={styles.form} noValidate onSubmit={(event) => void save(event)}>
            <div className={styles.columns}>
              <FormField label={t('form.nameEn')} error={error(errors.name_en?.message)} required>
                {(control) => <input {...control} {...form.register('name_en')} lang="en" />}
              </FormField>
              <FormField label={t('form.nameVi')} error={error(errors.name_vi?.message)} required>
                {(control) => <input {...control} {...form.register('name_vi')} lang="vi" />}
              </FormField>
              <FormField label={t('form.descriptionEn')} error={error(errors.description_en?.message)} required>
                {(control) => <textarea {...control} rows={3} {...form.register('description_en')} lang="en" />}
              </FormField>
              <FormField label={t('form.descriptionVi')} error={error(errors.description_vi?.message)} required>
                {(control) => <textarea {...control} rows={3} {...form.register('description_vi')} lang="vi" />}
              </FormField>
              <FormField
                label={t('form.price')}
                hint={t('form.priceHint')}
                error={error(errors.price?.message)}
                required
              >
                {(control) => <input {...control} inputMode="numeric" {...form.register('price')} />}
              </FormField>
              <FormField label={t('form.category')} error={error(errors.category_id?.message)}>
                {(control) => (
                  <select {...control} {...form.register('category_id')}>
                    {props.categories.map((category) => (
                      <option key={category.id} value={String(category.id)}>
                        {category.name_en} / {category.name_vi}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField label={t('form.type')}>
                {(control) => (
                  <select {...control} {...form.register('type')}>
                    {menuItemTypes.map((type) => (
                      <option key={type} value={type}>
                        {t(`types.${type}`)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField label={t('form.spice')}>
                {(control) => (
                  <select {...control} {...form.register('spice')}>
                    {(['', '0', '1', '2', '3'] as const).map((level) => (
                      <option key={level} value={level}>
                        {t(`spice.${level || 'unset'}`)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </div>
            <fieldset className={styles.tags}>
              <legend>{t('form.tags')}</legend>
              {menuTags.map((tag) => (
                <label key={tag} className={styles.check}>
                  <input type="checkbox" value={tag} {...form.register('tags')} /> {t(`tags.${tag}`)}
                </label>
              ))}
            </fieldset>
            <div className={styles.photoRow}>
              {preview ? (
                <img src={preview} alt={t('form.photoPreview')} width={160} height={120} className={styles.preview} />
              ) : (
                <p className={styles.noPhoto}>{t('form.noPhoto')}</p>
              )}
              <FormField label={t('form.photo')} hint={t('form.photoHint')}>
                {(control) => (
                  <input
                    {...control}
                    type="file"
                    accept="image/jpeg,image/png,image/webp"
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      setPhoto(file);
                      form.setValue('hasNewPhoto', file !== undefined);
                    }}
                  />
                )}
              </FormField>
            </div>
            <label className={styles.check}>
              <input type="checkbox" {...form.register('published')} /> {t('form.published')}
            </label>
            {errors.published?.message ? (
              <p className={styles.error} role="alert">
                {error(errors.published.message)}
              </p>
            ) : null}
            {errors.root?.message ? (
              <p className={styles.error} role="alert">
                {errors.root.message}
              </p>
            ) : null}
            <div className={styles.dialogActions}>
              <Dialog.Close asChild>
                <Button variant="ghost">{t('form.cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? t('form.saving') : t('form.save')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Specials({ supabase, board }: { supabase: SupabaseClient; board: MenuBoard }) {
  const { t } = useTranslation('adminMenu');
  const language = useLanguage();
  const refusal = useRefusal();
  const change = useMenuChange(supabase);
  // '' is the standing choice; a date shows (and sets) that day's three.
  const [date, setDate] = useState('');
  const published = board.dishes.filter((dish) => dish.published);
  const standing = board.specials.filter((special) => special.date === null);
  const dated = date ? board.specials.filter((special) => special.date === date) : [];
  const shown = dated.length > 0 ? dated : standing;
  const done = (promise: Promise<void>, message: string) =>
    void promise.then(
      () => notify.success(message),
      (failure: unknown) => notify.error(refusal(failure)),
    );
  const choose = (position: number, itemId: number) => {
    if (!date) {
      const current = standing.find((special) => special.position === position);
      done(change.mutateAsync({ kind: 'special', position, itemId, existing: current?.id }), t('specials.saved'));
      return;
    }
    // A date's own choice replaces the standing one whole, so its three are written together.
    const itemIds = [1, 2, 3].flatMap((at) => {
      const id = at === position ? itemId : shown.find((special) => special.position === at)?.item_id;
      return id === undefined ? [] : [id];
    });
    done(change.mutateAsync({ kind: 'dated-specials', date, itemIds }), t('specials.savedFor', { date }));
  };
  return (
    <section className={styles.card} aria-labelledby="specials-title">
      <h2 id="specials-title" className={styles.cardTitle}>
        {t('specials.title')}
      </h2>
      <p className={styles.muted}>{t('specials.intro')}</p>
      <div className={styles.dayRow}>
        <FormField label={t('specials.date')} hint={t('specials.dateHint')} className={styles.branchField}>
          {(control) => (
            <input
              {...control}
              type="date"
              min={restaurantMoment(new Date().toISOString())?.day}
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          )}
        </FormField>
        {date ? (
          <div className={styles.dateState}>
            <p className={styles.muted} role="status">
              {dated.length > 0 ? t('specials.ownChoice', { date }) : t('specials.usesStanding', { date })}
            </p>
            {dated.length > 0 ? (
              <Button
                variant="ghost"
                disabled={change.isPending}
                onClick={() =>
                  done(change.mutateAsync({ kind: 'standing-again', date }), t('specials.standingAgain', { date }))
                }
              >
                {t('specials.useStanding')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className={styles.specials}>
        {[1, 2, 3].map((position) => {
          const current = shown.find((special) => special.position === position);
          return (
            <FormField key={position} label={t('specials.position', { position })}>
              {(control) => (
                <select
                  {...control}
                  value={current ? String(current.item_id) : ''}
                  disabled={change.isPending}
                  onChange={(event) => choose(position, Number(event.target.value))}
                >
                  {current ? null : <option value="">{t('specials.none')}</option>}
                  {published.map((dish) => (
                    <option key={dish.id} value={String(dish.id)}>
                      {localized(language, dish.name_en, dish.name_vi)} — {formatDong(dish.price, language)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          );
        })}
      </div>
    </section>
  );
}

function CategoryDialog(props: {
  supabase: SupabaseClient;
  category: Category | undefined;
  nextPosition: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminMenu');
  const refusal = useRefusal();
  const change = useMenuChange(props.supabase);
  const form = useForm<CategoryFormValues>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: { name_en: props.category?.name_en ?? '', name_vi: props.category?.name_vi ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const error = (message: string | undefined) => (message ? t(`form.errors.${message}`) : undefined);
  const save = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync({
        kind: 'category',
        id: props.category?.id,
        category: { ...values, slug: props.category?.slug ?? categorySlug(values.name_en) },
        position: props.nextPosition,
      });
      notify.success(t('categories.saved', { name: values.name_en }));
      props.onClose();
    } catch (failure) {
      form.setError('root', { message: refusal(failure) });
    }
  });
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={`${styles.dialog} ${styles.smallDialog}`} aria-describedby={undefined}>
          <Dialog.Title className={styles.dialogTitle}>
            {props.category ? t('categories.renameTitle', { name: props.category.name_en }) : t('categories.addTitle')}
          </Dialog.Title>
          <form className={styles.form} noValidate onSubmit={(event) => void save(event)}>
            <FormField label={t('categories.nameEn')} error={error(errors.name_en?.message)} required>
              {(control) => <input {...control} {...form.register('name_en')} lang="en" />}
            </FormField>
            <FormField label={t('categories.nameVi')} error={error(errors.name_vi?.message)} required>
              {(control) => <input {...control} {...form.register('name_vi')} lang="vi" />}
            </FormField>
            {errors.root?.message ? (
              <p className={styles.error} role="alert">
                {errors.root.message}
              </p>
            ) : null}
            <div className={styles.dialogActions}>
              <Dialog.Close asChild>
                <Button variant="ghost">{t('form.cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? t('form.saving') : t('form.save')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The list in a new order: the entry at `from` moved to `to`; answers the rows whose position changed. */
function reordered<T extends { id: number; position: number }>(list: T[], from: number, to: number) {
  const order = [...list];
  const [moved] = order.splice(from, 1);
  if (!moved) return [];
  order.splice(to, 0, moved);
  return order
    .map((row, at) => ({ id: row.id, position: at + 1, before: row.position }))
    .filter((row) => row.position !== row.before)
    .map(({ id, position }) => ({ id, position }));
}

function Categories({ supabase, categories }: { supabase: SupabaseClient; categories: Category[] }) {
  const { t } = useTranslation('adminMenu');
  const language = useLanguage();
  const refusal = useRefusal();
  const change = useMenuChange(supabase);
  const [editing, setEditing] = useState<{ category: Category | undefined } | null>(null);
  const move = (index: number, by: -1 | 1) => {
    const moved = categories[index];
    if (!moved) return;
    void change.mutateAsync({ kind: 'category-order', categories: reordered(categories, index, index + by) }).then(
      () =>
        notify.success(
          t('order.moved', { name: localized(language, moved.name_en, moved.name_vi), position: index + by + 1 }),
        ),
      (failure: unknown) => notify.error(refusal(failure)),
    );
  };
  return (
    <section className={styles.card} aria-labelledby="categories-title">
      <div className={styles.boardHead}>
        <h2 id="categories-title" className={styles.cardTitle}>
          {t('categories.title')}
        </h2>
        <Button variant="secondary" onClick={() => setEditing({ category: undefined })}>
          {t('categories.add')}
        </Button>
      </div>
      <ol className={styles.dishes}>
        {categories.map((category, index) => {
          const name = localized(language, category.name_en, category.name_vi);
          return (
            <li key={category.id} className={styles.dish}>
              <div className={styles.dishText}>
                <span className={styles.dishName}>{name}</span>
                <span className={styles.muted} lang={language === 'vi' ? 'en' : 'vi'}>
                  {language === 'vi' ? category.name_en : category.name_vi}
                </span>
              </div>
              <div className={styles.actions}>
                <Button
                  variant="ghost"
                  aria-label={t('order.up', { name })}
                  disabled={index === 0 || change.isPending}
                  onClick={() => move(index, -1)}
                >
                  <span aria-hidden="true">↑</span>
                </Button>
                <Button
                  variant="ghost"
                  aria-label={t('order.down', { name })}
                  disabled={index === categories.length - 1 || change.isPending}
                  onClick={() => move(index, 1)}
                >
                  <span aria-hidden="true">↓</span>
                </Button>
                <Button
                  variant="secondary"
                  aria-label={t('categories.renameFor', { name })}
                  onClick={() => setEditing({ category })}
                >
                  {t('categories.rename')}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {editing ? (
        <CategoryDialog
          supabase={supabase}
          category={editing.category}
          nextPosition={Math.max(0, ...categories.map((category) => category.position)) + 1}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

function Board({ supabase, claims }: { supabase: SupabaseClient; claims: StaffClaims }) {
  const { t } = useTranslation('adminMenu');
  const language = useLanguage();
  const refusal = useRefusal();
  const board = useMenuBoard(supabase);
  const change = useMenuChange(supabase);
  const owner = claims.role === 'owner';
  const branches = branchesFor(claims);
  const [branch, setBranch] = useState(branches[0] ?? '');
  const [editing, setEditing] = useState<{ dish: Dish | undefined; categoryId: number } | null>(null);
  // A dish being dragged by its handle: where it started, where it would land, how far it moved.
  const [drag, setDrag] = useState<{ categoryId: number; from: number; to: number; startY: number; dy: number } | null>(
    null,
  );

  if (board.isPending) return <p role="status">{t('loading')}</p>;
  if (board.isError) {
    return (
      <div role="alert" className={styles.card}>
        <p>{refusal(board.error)}</p>
        <Button variant="ghost" onClick={() => void board.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const { categories, dishes, marks } = board.data;
  const now = Date.now();
  const soldOutUntil = (dish: Dish) => {
    const mark = marks.find((m) => m.item_id === dish.id && m.branch === branch);
    return mark?.sold_out_until && Date.parse(mark.sold_out_until) > now ? mark.sold_out_until : undefined;
  };
  const hiddenAt = (dish: Dish) => marks.some((m) => m.item_id === dish.id && m.branch === branch && m.hidden);
  const run = (request: Parameters<typeof change.mutateAsync>[0], done: string) =>
    change.mutateAsync(request).then(
      () => notify.success(done),
      (failure: unknown) => notify.error(refusal(failure)),
    );
  const move = (list: Dish[], from: number, to: number) => {
    const moved = list[from];
    if (!moved || to === from) return;
    void run(
      { kind: 'order', dishes: reordered(list, from, to) },
      t('order.moved', { name: localized(language, moved.name_en, moved.name_vi), position: to + 1 }),
    );
  };
  const branchLabel = branchName(branch, language);
  /** Where a dragged row would land: after every other row of its list whose middle is above the pointer. */
  const dropIndex = (handle: HTMLElement, clientY: number, from: number) =>
    [...(handle.closest('ol')?.children ?? [])].filter((row, at) => {
      if (at === from) return false;
      const box = row.getBoundingClientRect();
      return box.top + box.height / 2 < clientY;
    }).length;

  return (
    <>
      {owner ? <Specials supabase={supabase} board={board.data} /> : null}
      <section className={styles.card} aria-labelledby="dishes-title">
        <div className={styles.boardHead}>
          <h2 id="dishes-title" className={styles.cardTitle}>
            {owner ? t('dishes.title') : t('dishes.soldOutTitle')}
          </h2>
          <FormField label={t('dishes.branch')} className={styles.branchField}>
            {(control) => (
              <select {...control} value={branch} onChange={(event) => setBranch(event.target.value)}>
                {branches.map((name) => (
                  <option key={name} value={name}>
                    {branchName(name, language)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <p className={styles.muted}>{t('dishes.soldOutHint')}</p>
        {categories.map((category) => {
          const list = dishes.filter((dish) => dish.category_id === category.id);
          const name = localized(language, category.name_en, category.name_vi);
          const headingId = `category-${category.id}`;
          return (
            <section key={category.id} aria-labelledby={headingId} className={styles.category}>
              <div className={styles.categoryHead}>
                <h3 id={headingId}>{name}</h3>
                <div className={styles.actions}>
                  {list.length > 0 && branch ? (
                    <>
                      <Button
                        variant="secondary"
                        disabled={change.isPending}
                        onClick={() =>
                          void run(
                            { kind: 'sold-out', ids: list.map((d) => d.id), branch, soldOut: true },
                            t('soldOut.allDone', { category: name, branch: branchLabel }),
                          )
                        }
                      >
                        {t('soldOut.all', { category: name })}
                      </Button>
                      <Button
                        variant="ghost"
                        disabled={change.isPending}
                        onClick={() =>
                          void run(
                            { kind: 'sold-out', ids: list.map((d) => d.id), branch, soldOut: false },
                            t('soldOut.noneDone', { category: name, branch: branchLabel }),
                          )
                        }
                      >
                        {t('soldOut.none', { category: name })}
                      </Button>
                    </>
                  ) : null}
                  {owner ? (
                    <Button
                      variant="secondary"
                      onClick={() => setEditing({ dish: undefined, categoryId: category.id })}
                    >
                      {t('dishes.add', { category: name })}
                    </Button>
                  ) : null}
                </div>
              </div>
              <ol className={styles.dishes}>
                {list.map((dish, index) => {
                  const until = soldOutUntil(dish);
                  const moment = until ? restaurantMoment(until) : undefined;
                  const dishName = localized(language, dish.name_en, dish.name_vi);
                  const hidden = hiddenAt(dish);
                  const dragging = drag?.categoryId === category.id ? drag : undefined;
                  const rowClass = [
                    styles.dish,
                    dragging?.from === index ? styles.dragging : '',
                    dragging && dragging.to !== dragging.from && dragging.to === index
                      ? dragging.to < dragging.from
                        ? styles.dropBefore
                        : styles.dropAfter
                      : '',
                  ].join(' ');
                  return (
                    <li
                      key={dish.id}
                      className={rowClass}
                      style={dragging?.from === index ? { transform: `translateY(${dragging.dy}px)` } : undefined}
                    >
                      {owner ? (
                        // Pointer-only (mouse, touch, pen): the ↑ and ↓ buttons do the same from the keyboard.
                        <span
                          className={styles.handle}
                          aria-hidden="true"
                          title={t('order.drag')}
                          data-drag-handle={dish.id}
                          onPointerDown={(event) => {
                            if (change.isPending) return;
                            event.preventDefault();
                            event.currentTarget.setPointerCapture(event.pointerId);
                            setDrag({ categoryId: category.id, from: index, to: index, startY: event.clientY, dy: 0 });
                          }}
                          onPointerMove={(event) => {
                            if (dragging?.from !== index) return;
                            const to = dropIndex(event.currentTarget, event.clientY, index);
                            setDrag({ ...dragging, to, dy: event.clientY - dragging.startY });
                          }}
                          onPointerUp={() => {
                            if (dragging?.from === index) move(list, index, dragging.to);
                            setDrag(null);
                          }}
                          onPointerCancel={() => setDrag(null)}
                        >
                          ⠿
                        </span>
                      ) : null}
                      <div className={styles.dishText}>
                        <span className={styles.dishName}>{dishName}</span>
                        <span className={styles.muted}>
                          {formatDong(dish.price, language)} ·{' '}
                          {dish.published ? t('dishes.published') : t('dishes.draft')}
                          {hidden ? ` · ${t('hidden.notOffered', { branch: branchLabel })}` : ''}
                        </span>
                      </div>
                      <div className={styles.actions}>
                        <Button
                          variant={until ? 'primary' : 'ghost'}
                          aria-pressed={until !== undefined}
                          disabled={change.isPending || !branch}
                          onClick={() =>
                            void run(
                              { kind: 'sold-out', ids: [dish.id], branch, soldOut: !until },
                              until
                                ? t('soldOut.backDone', { name: dishName, branch: branchLabel })
                                : t('soldOut.done', { name: dishName, branch: branchLabel }),
                            )
                          }
                        >
                          {t('soldOut.button')}
                          <span className="visually-hidden">
                            {' '}
                            {t('soldOut.context', { name: dishName, branch: branchLabel })}
                          </span>
                        </Button>
                        {moment ? (
                          <span className={styles.muted}>
                            {t('soldOut.until', { time: moment.time, day: moment.day })}
                          </span>
                        ) : null}
                        {owner ? (
                          <>
                            <Button
                              variant={hidden ? 'primary' : 'ghost'}
                              aria-pressed={hidden}
                              disabled={change.isPending || !branch}
                              onClick={() =>
                                void run(
                                  { kind: 'hidden', id: dish.id, branch, hidden: !hidden },
                                  hidden
                                    ? t('hidden.shownDone', { name: dishName, branch: branchLabel })
                                    : t('hidden.done', { name: dishName, branch: branchLabel }),
                                )
                              }
                            >
                              {t('hidden.button')}
                              <span className="visually-hidden">
                                {' '}
                                {t('soldOut.context', { name: dishName, branch: branchLabel })}
                              </span>
                            </Button>
                            <Button
                              variant="ghost"
                              aria-label={t('order.up', { name: dishName })}
                              disabled={index === 0 || change.isPending}
                              onClick={() => move(list, index, index - 1)}
                            >
                              <span aria-hidden="true">↑</span>
                            </Button>
                            <Button
                              variant="ghost"
                              aria-label={t('order.down', { name: dishName })}
                              disabled={index === list.length - 1 || change.isPending}
                              onClick={() => move(list, index, index + 1)}
                            >
                              <span aria-hidden="true">↓</span>
                            </Button>
                            <Button
                              variant="secondary"
                              aria-label={t('dishes.editFor', { name: dishName })}
                              onClick={() => setEditing({ dish, categoryId: category.id })}
                            >
                              {t('dishes.edit')}
                            </Button>
                          </>
                        ) : null}
                      </div>
                    </li>
                  );
                })}
              </ol>
            </section>
          );
        })}
      </section>
      {owner ? <Categories supabase={supabase} categories={categories} /> : null}
      {editing ? (
        <DishDialog
          supabase={supabase}
          categories={categories}
          dish={editing.dish}
          categoryId={editing.categoryId}
          nextPosition={
            Math.max(0, ...dishes.filter((d) => d.category_id === editing.categoryId).map((d) => d.position)) + 1
          }
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

function MenuScreen() {
  const { t } = useTranslation('adminMenu');
  return (
    <StaffScreen title={t('title')} subtitle={t('subtitle')} notAuthorised={(email) => t('notAuthorised', { email })}>
      {(supabase, claims) => <Board supabase={supabase} claims={claims} />}
    </StaffScreen>
  );
}

export function AdminMenuPage() {
  return (
    <VisitCache>
      <MenuScreen />
    </VisitCache>
  );
}
