/**
 * One i18n library for every visitor-facing string. Each feature keeps its messages in its own
 * namespace file under locales/<language>/, so a Vietnamese locale can follow without touching
 * components.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en/common.json' with { type: 'json' };

export const defaultNamespace = 'common';

export const resources = {
  en: { common },
} as const;

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources,
  defaultNS: defaultNamespace,
  interpolation: { escapeValue: false },
});

export default i18n;
