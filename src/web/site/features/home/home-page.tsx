import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { restaurantJsonLd } from '../../../../domain/restaurant-json-ld.ts';
import { type HomeSection, homeSections, paths } from '../../../../domain/routes.ts';
import { usePageMeta } from '../../../shared/frame/page-meta.tsx';
import { scrollToSection } from '../../../shared/frame/section-scroll.ts';
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
  const { hash } = useLocation();
  usePageMeta({ title: t('meta.title'), description: t('meta.description'), path: localize(paths.home) });

  // A shared link such as /#booking lands on its section once the page is there.
  useEffect(() => {
    const id = hash.slice(1);
    if ((homeSections as readonly string[]).includes(id)) scrollToSection(id as HomeSection);
  }, [hash]);

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
