import { I18nProvider } from '@lingui/react'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { i18nFor } from '../test/render.tsx'
import { Breadcrumb } from './Breadcrumb.tsx'
import { documentTitle } from './labels.ts'

describe('tab titles', () => {
  it('name the screen and then the product, in the UI language', async () => {
    const pl = await i18nFor('pl')
    const en = await i18nFor('en')
    expect(documentTitle(en, '/')).toBe('Finance')
    expect(documentTitle(en, '/companydashboard/fees/taxes')).toBe('Taxes · Finance')
    expect(documentTitle(pl, '/companydashboard/fees/taxes')).toBe('Podatki · Finance')
    expect(documentTitle(en, '/dashboard/monthly')).toBe('Monthly · Finance')
    expect(documentTitle(en, '/no/such/page')).toBe('Page not found · Finance')
    expect(documentTitle(pl, '/dashboard/nope')).toMatch(/ · Finance$/)
    expect(documentTitle(pl, '/dashboard/nope')).not.toContain('nope')
  })
})

describe('breadcrumb', () => {
  it('links only to pages that exist: made-up segments of a 404 stay text', async () => {
    render(
      <I18nProvider i18n={await i18nFor('en')}>
        <MemoryRouter initialEntries={['/dashboard/no/such']}>
          <Breadcrumb />
        </MemoryRouter>
      </I18nProvider>,
    )
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/', '/dashboard'])
    expect(within(nav).getByText('no').tagName).toBe('SPAN')
    expect(within(nav).getByText('such').getAttribute('aria-current')).toBe('page')
  })
})
