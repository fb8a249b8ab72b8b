/** Test and story helpers: render with Lingui (pl or en) and a router. */
import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { createI18n, type Locale } from '../../i18n.ts'

const cache = new Map<Locale, Promise<I18n>>()
export const i18nFor = (locale: Locale): Promise<I18n> => {
  let p = cache.get(locale)
  if (!p) {
    p = createI18n(locale)
    cache.set(locale, p)
  }
  return p
}

export const withProviders = (i18n: I18n, node: ReactNode) => (
  <I18nProvider i18n={i18n}>
    <MemoryRouter>{node}</MemoryRouter>
  </I18nProvider>
)
