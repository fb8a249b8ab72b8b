import { i18n, type Messages, setupI18n, type I18n } from '@lingui/core'

/** UI languages. Source messages in code are English; Polish is the default language of the UI. */
export type Locale = 'pl' | 'en'
export const locales: readonly Locale[] = ['pl', 'en']
export const defaultLocale: Locale = 'pl'
/** Cookie that keeps the chosen language. */
export const languageCookie = 'finance_lang'

type CatalogModule = { messages: Messages }
// Every catalog of the app: src/locales and one per feature folder (see lingui.config.ts). Compiled by the
// Lingui Vite plugin on import and merged per locale, so features never share a .po file.
const catalogs = import.meta.glob<CatalogModule>('./**/locales/*/messages.po')

export const isLocale = (value: unknown): value is Locale => value === 'pl' || value === 'en'

/** Loads and merges every compiled catalog of one locale. */
export const loadMessages = async (locale: Locale): Promise<Messages> => {
  const loaders = Object.entries(catalogs).filter(([path]) => path.includes(`/locales/${locale}/`))
  const modules = await Promise.all(loaders.map(([, load]) => load()))
  return Object.assign({}, ...modules.map((m) => m.messages))
}

/** Activates a locale on the app-wide i18n instance (the one I18nProvider gets in main.tsx). */
export const activateLocale = async (locale: Locale, instance: I18n = i18n): Promise<void> => {
  instance.load(locale, await loadMessages(locale))
  instance.activate(locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

/** A separate instance (stories render pl and en side by side; tests stay isolated). */
export const createI18n = async (locale: Locale): Promise<I18n> => {
  const instance = setupI18n()
  await activateLocale(locale, instance)
  return instance
}

const readCookie = (name: string): string | undefined => {
  if (typeof document === 'undefined') return undefined
  const prefix = `${encodeURIComponent(name)}=`
  const part = document.cookie.split('; ').find((c) => c.startsWith(prefix))
  return part === undefined ? undefined : decodeURIComponent(part.slice(prefix.length))
}

const writeCookie = (name: string, value: string): void => {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every supported browser
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; max-age=31536000; SameSite=Lax`
}

/** The language from the cookie; sets `pl` in the cookie when there is none (SPEC §4). */
export const storedLocale = (): Locale => {
  const value = readCookie(languageCookie)
  if (isLocale(value)) return value
  if (typeof document !== 'undefined') writeCookie(languageCookie, defaultLocale)
  return defaultLocale
}

/** Saves the language in its cookie and switches the UI to it. */
export const changeLocale = async (locale: Locale, instance: I18n = i18n): Promise<void> => {
  writeCookie(languageCookie, locale)
  await activateLocale(locale, instance)
}

export { readCookie, writeCookie }
