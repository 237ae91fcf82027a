/**
 * The header's language switch: a link to the same page in the other language (so it works
 * before hydration and can be opened in a new tab). Choosing it is remembered in this browser;
 * the new language's messages are loaded before the page changes, so nothing shows half-translated.
 */
import type { MouseEvent } from 'react';
import { languages, languageTags } from '../../../domain/routes.ts';
import { prepareLanguage } from '../i18n/i18n.ts';
import { useLanguage } from '../i18n/language.ts';
import { rememberLanguage, samePageIn } from '../i18n/language-memory.ts';
import { useTranslation } from '../i18n/translation.tsx';

export function LanguageSwitch(props: { listClassName?: string; linkClassName?: string; onSwitch?: () => void }) {
  const { i18n } = useTranslation();
  const language = useLanguage();
  const location = typeof window === 'undefined' ? { pathname: '/', search: '', hash: '' } : window.location;
  const navigate = (to: string) => window.location.assign(to);
  const others = languages.filter((other) => other !== language);

  const choose = (event: MouseEvent<HTMLAnchorElement>, target: (typeof languages)[number], href: string) => {
    rememberLanguage(target);
    props.onSwitch?.();
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void prepareLanguage(target).then(() => navigate(href));
  };

  return (
    <ul className={props.listClassName}>
      {others.map((other) => {
        const href = samePageIn(location, other);
        const tag = languageTags[other].bcp47;
        return (
          <li key={other}>
            <a
              href={href}
              lang={tag}
              hrefLang={tag}
              className={props.linkClassName}
              onClick={(event) => choose(event, other, href)}
            >
              {i18n.t('languageName', { lng: other })}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
