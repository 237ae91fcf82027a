import { lazy, type RefObject, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { SectionHeading } from '../../../shared/ui/section-heading.tsx';
import styles from './booking.module.css';

/*
 * The form's code waits until the guest comes near the form: it is far below
 * the fold, and the home page must stay within its JavaScript budget before any interaction.
 * While it waits, the prerendered form stays on screen as it is (React hydrates it later); on a
 * client-side visit a placeholder of the same height holds its place.
 */
let markNeeded: () => void = () => undefined;
const needed = new Promise<void>((resolve) => {
  markNeeded = resolve;
});

const BookingForm = lazy(async () => {
  if (typeof window !== 'undefined') await needed;
  const { BookingForm } = await import('./booking-form.tsx');
  return { default: BookingForm };
});

function useLoadWhenNear(section: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = section.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      markNeeded();
      return;
    }
    // One screen ahead of the form, or as soon as anything in it is touched or focused.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) markNeeded();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    const now = () => markNeeded();
    element.addEventListener('focusin', now);
    element.addEventListener('pointerdown', now);
    return () => {
      observer.disconnect();
      element.removeEventListener('focusin', now);
      element.removeEventListener('pointerdown', now);
    };
  }, [section]);
}

export function BookingSection() {
  const { t } = useTranslation('home');
  const ref = useRef<HTMLElement>(null);
  useLoadWhenNear(ref);
  return (
    <section ref={ref} id="booking" tabIndex={-1} aria-labelledby="booking-title" className={styles.section}>
      <div className={styles.inner}>
        <SectionHeading
          level={2}
          id="booking-title"
          eyebrow={t('booking.eyebrow')}
          title={t('booking.title')}
          intro={t('booking.intro')}
        />
        <Suspense fallback={<div className={styles.placeholder} aria-busy="true" />}>
          <BookingForm />
        </Suspense>
      </div>
    </section>
  );
}
