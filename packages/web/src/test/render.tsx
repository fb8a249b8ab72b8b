import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { createActor } from 'xstate'
import { createI18n, type Locale } from '../i18n.ts'
import { type SessionData, sessionMachine } from '../session/machine.ts'
import { SessionProvider } from '../session/SessionContext.tsx'

const cache = new Map<Locale, Promise<I18n>>()
export const i18nFor = (locale: Locale) => {
  let p = cache.get(locale)
  if (!p) {
    p = createI18n(locale)
    cache.set(locale, p)
  }
  return p
}

/** Shows the current location, so tests can assert navigation. */
export const LocationProbe = () => {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

/** Renders `ui` in a MemoryRouter at `route` with a session actor and an i18n instance. */
export const renderApp = async (
  ui: ReactNode,
  {
    locale = 'en',
    route = '/',
    session = null,
  }: { locale?: Locale; route?: string; session?: SessionData | null } = {},
) => {
  const i18n = await i18nFor(locale)
  const actor = createActor(sessionMachine, { input: { session } }).start()
  const result = render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>
        <SessionProvider actor={actor}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <LocationProbe />
        </SessionProvider>
      </MemoryRouter>
    </I18nProvider>,
  )
  return { ...result, actor, location: () => result.getByTestId('location').textContent }
}
