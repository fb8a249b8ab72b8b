import { I18nProvider } from '@lingui/react'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { createI18n, type Locale } from '../../i18n.ts'
import { MessagePopups } from '../../ui/index.ts'
import type { RecordServices } from '../lib/services.ts'
import { ServicesProvider } from '../record/services.tsx'

/** Renders a screen with Lingui in `locale`, a router and the given services instead of the API. */
export const renderWith = async (ui: ReactNode, services: RecordServices, locale: Locale = 'en') => {
  const i18n = await createI18n(locale)
  return render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <ServicesProvider services={services}>{ui}</ServicesProvider>
        <MessagePopups />
      </MemoryRouter>
    </I18nProvider>,
  )
}
