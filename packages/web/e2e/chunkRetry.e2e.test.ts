// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * Browser journey of a short outage while the app is open: a screen whose code could not be loaded (the server did
 * not answer its chunk or stylesheet) is loaded once the server answers again, by opening the screen again from the
 * menu or by the error box's "Try again" (from the keyboard), with its styles; while the server is still down the
 * screen stays the error box with its button (never a browser error page).
 *
 * The outage is every request of the page failing as with the server down (connection refused): the shell is
 * already loaded, every screen opened meanwhile needs its own chunk.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './harness.ts'
import { journey } from './steps.ts'

const app = journey({ asAdmin: true, english: true })

const ALL = '**/*'
const down = (page: Page) => page.route(ALL, (route) => route.abort('connectionrefused'))
const up = (page: Page) => page.unroute(ALL)

/** Opens the menu and follows its link named `name` (the app stays loaded: no navigation of the page). */
const fromMenu = async (page: Page, name: string) => {
  await page.getByRole('button', { name: 'Menu', exact: true }).click()
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name, exact: true }).click()
}

const errorBox = (page: Page) => page.locator('main .error-box')

/** No stylesheet of the page failed to load (each link has its sheet). */
const stylesheetsLoaded = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet !== null),
  )

describe('a screen whose code could not be loaded during an outage', () => {
  it('loads when opened again from the menu once the server answers', async () => {
    const { page } = app
    await down(page)
    await fromMenu(page, 'Monthly')
    await errorBox(page).waitFor()
    expect(await errorBox(page).innerText()).toContain('Response error, can not connect to API.')
    await screenshot(page, 'chunk-retry-down')

    await up(page)
    await fromMenu(page, 'Home')
    await fromMenu(page, 'Monthly')
    await page.getByRole('heading', { level: 1, name: 'Monthly dashboard' }).waitFor()
    expect(await errorBox(page).count()).toBe(0)
    expect(await stylesheetsLoaded(page)).toBe(true)
    expect(page.url()).toMatch(/\/dashboard\/monthly(\?|$)/)
    await screenshot(page, 'chunk-retry-up')
  })

  it('loads with "Try again", reached and pressed from the keyboard, once the server answers', async () => {
    const { page } = app
    await down(page)
    await fromMenu(page, 'Bank')
    await errorBox(page).waitFor()
    const retry = errorBox(page).getByRole('button', { name: 'Try again' })
    // Still down: the screen stays an error box, with the button to try again.
    await retry.click()
    await errorBox(page).getByRole('button', { name: 'Try again' }).waitFor()
    expect(page.url()).toBe(`${app.server.url}/companydashboard/bank`)
    await up(page)
    await retry.focus()
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Try again')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'Bank' }).waitFor()
    expect(await errorBox(page).count()).toBe(0)
    expect(await stylesheetsLoaded(page)).toBe(true)
    await screenshot(page, 'chunk-retry-try-again')
  })
})
