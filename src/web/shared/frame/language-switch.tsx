/**
 * The header's language switch: a plain link to the same page in the other language, so it works
 * without JavaScript and can be opened in a new tab. frame-behaviour.ts remembers the choice when
 * it is clicked, and carries the page's query and section over (the markup knows only the path).
 */
import { languages, languageTags } from '../../../domain/routes.ts';
import { useLanguage } from '../i18n/language.ts';
import { samePageIn } from '../i18n/language-memory.ts';
import { useTranslation } from '../i18n/translation.tsx';

export function LanguageSwitch(props: { pathname: string; listClassName?: string; linkClassName?: string }) {
  const { i18n } = useTranslation();
  const language = useLanguage();
  const others = languages.filter((other) => other !== language);
  return (
    <ul className={props.listClassName}>
      {others.map((other) => {
        const href = samePageIn({ pathname: props.pathname, search: '', hash: '' }, other);
        const tag = languageTags[other].bcp47;
        return (
          <li key={other}>
            <a href={href} lang={tag} hrefLang={tag} className={props.linkClassName} data-language={other}>
              {i18n.t('languageName', { lng: other })}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
