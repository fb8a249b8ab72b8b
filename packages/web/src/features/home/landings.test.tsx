import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { loggedInMenu } from '../../shell/menuItems.ts'
import { CompanyDashboard } from '../company/CompanyDashboard.tsx'
import { DashboardLanding } from '../dashboard/DashboardLanding.tsx'
import { FeesLanding } from '../fees/FeesLanding.tsx'
import { RevenuesLanding } from '../revenues/RevenuesLanding.tsx'
import { renderApp } from '../../test/render.tsx'
import { HomePage } from './HomePage.tsx'
import { UserHomePage } from './UserHomePage.tsx'

const admin = { token: 't', loginDate: Date.now(), minutes: 20, role: '1024' }

/** Every tile of every landing in one style: an inline SVG icon, a title, no emoji anywhere. */
const expectOneTileStyle = (container: HTMLElement) => {
  const tiles = [...container.querySelectorAll('.tile')]
  expect(tiles.length).toBeGreaterThan(0)
  for (const tile of tiles) {
    expect(tile.querySelector('.tile__icon > svg')).not.toBeNull()
    expect(tile.querySelector('.tile__title')?.textContent).not.toBe('')
  }
  expect(container.textContent).not.toMatch(/\p{Extended_Pictographic}/u)
}

describe('landing pages', () => {
  for (const [name, Page] of [
    ['home', HomePage],
    ['dashboard', DashboardLanding],
    ['company', CompanyDashboard],
    ['fees', FeesLanding],
    ['revenues', RevenuesLanding],
  ] as const) {
    it(`${name}: one heading for the page and one tile style with inline SVG icons`, async () => {
      const { container } = await renderApp(<Page />, { session: admin })
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
      expectOneTileStyle(container)
    })
  }

  it('home is headed with the product name in Polish too', async () => {
    await renderApp(<HomePage />, { locale: 'pl', session: admin })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Finance')
  })

  it('the user page names itself once', async () => {
    await renderApp(<UserHomePage />, { locale: 'pl', session: admin })
    expect(screen.getAllByRole('heading', { name: 'Użytkownik' })).toHaveLength(1)
  })

  it('home and the company landing have a tile for every screen of the Company menu, in its order', async () => {
    const menu = loggedInMenu.find((i) => i.to === '/companydashboard')!.children!.map((i) => i.to)
    expect(menu).toContain('/companydashboard/invoices')
    expect(menu).toContain('/companydashboard/bank')
    const links = (container: HTMLElement) =>
      [...container.querySelectorAll('a.tile')]
        .map((a) => a.getAttribute('href'))
        .filter((href) => href?.startsWith('/companydashboard/'))
    const company = await renderApp(<CompanyDashboard />, { session: admin })
    expect(links(company.container)).toEqual(menu)
    company.unmount()
    const home = await renderApp(<HomePage />, { locale: 'pl', session: admin })
    expect(links(home.container)).toEqual(menu)
    expect(screen.getByRole('link', { name: 'Bank' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Faktury' })).toBeTruthy()
  })
})
