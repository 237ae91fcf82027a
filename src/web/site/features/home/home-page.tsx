import { restaurantJsonLd } from '../../../../domain/restaurant-json-ld.ts';
import { paths } from '../../../../domain/routes.ts';
import { usePageMeta } from '../../../shared/frame/page-meta.tsx';
import { useLanguage, useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { JsonLd } from '../../components/json-ld.tsx';
import { BookingSection } from '../booking/booking-section.tsx';
import { ContactSection } from './contact-section.tsx';
import { Hero } from './hero.tsx';
import { OurStory } from './our-story.tsx';
import { Specials } from './specials.tsx';
import { Testimonials } from './testimonials.tsx';

export function HomePage() {
  const { t } = useTranslation('home');
  const language = useLanguage();
  const localize = useLocalize();
  usePageMeta({ title: t('meta.title'), description: t('meta.description'), path: localize(paths.home) });

  return (
    <>
      {/* The restaurant and its four branches, for search engines. */}
      <JsonLd data={restaurantJsonLd({ language })} />
      <Hero />
      <OurStory />
      <Specials />
      <Testimonials />
      <ContactSection />
      <BookingSection />
    </>
  );
}
