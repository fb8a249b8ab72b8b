import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import type { Decorator, Preview } from '@storybook/react-vite'
import { MemoryRouter } from 'react-router'
import { createI18n, type Locale } from '../packages/web/src/i18n.ts'
import '../packages/web/src/styles.css'

const modes: { locale: Locale; theme: 'light' | 'dark' }[] = [
  { locale: 'pl', theme: 'light' },
  { locale: 'pl', theme: 'dark' },
  { locale: 'en', theme: 'light' },
  { locale: 'en', theme: 'dark' },
]

/** Every story renders four times: pl/light, pl/dark, en/light, en/dark, each with its own i18n and router. */
const fourModes: Decorator = (Story, context) => {
  const catalogs = context.loaded.i18n as Record<Locale, I18n>
  const path = (context.parameters.route as string | undefined) ?? '/'
  return (
    <div className="sb-grid">
      {modes.map(({ locale, theme }) => (
        <div key={`${locale}-${theme}`} className={`sb-cell ${theme}`} lang={locale}>
          <div className="sb-cell__label">
            {locale} / {theme}
          </div>
          <I18nProvider i18n={catalogs[locale]}>
            <MemoryRouter initialEntries={[path]}>
              <Story />
            </MemoryRouter>
          </I18nProvider>
        </div>
      ))}
    </div>
  )
}

const preview: Preview = {
  loaders: [async () => ({ i18n: { pl: await createI18n('pl'), en: await createI18n('en') } })],
  decorators: [fourModes],
  parameters: { layout: 'fullscreen', controls: { expanded: false } },
}

export default preview
