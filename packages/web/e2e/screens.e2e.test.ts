/**
 * The screens as a finished product, in real Chromium: no English text in the Polish UI on any route, dashboards
 * whose data fits its boxes at 1280 and 400 px in both languages, and the monthly dashboard's screenshots at
 * 1280 / 400 px × pl / en × light / dark under test-output/screenshots/.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { pitSetting } from '@finance/ledger-core/testing'
import { dateInPoland } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { poEntries } from '../src/test/po.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, API_KEY, login, screenshotDir, seeder, settle } from './harness.ts'
import { journey } from './steps.ts'

const app = journey({ seed, asAdmin: true })
const { call, tokenOf, registerUser } = app

const thisYear = Number(dateInPoland(new Date()).slice(0, 4))

/** Books with wide figures (six-digit amounts, long names) in every month of this year. */
async function seed() {
  const books = seeder(call, await tokenOf(ADMIN_EMAIL, ADMIN_PASSWORD))
  await books.taxes(thisYear, pitSetting({ date: `${thisYear}-01-01` }), ['1773.96', '4.9'])
  await books.recurringIncome(`${thisYear}-01-10`, 'Software development and consulting services', '120000.00', 12)
  await books.recurringExpense(`${thisYear}-01-05`, 'Office rent with service charges', '12000.00', 12)
  await books.expense({ date: `${thisYear}-01-20`, name: 'Laptop', amount: '14760.00' })
}

const setLanguage = (page: Page, lang: 'pl' | 'en') =>
  page.context().addCookies([{ name: 'finance_lang', value: lang, url: app.server.url }])

const setMode = (page: Page, mode: 'light' | 'dark') => page.evaluate((m) => localStorage.setItem('site mode', m), mode)

/** Sets the window's size, opens a page and waits for it to settle. */
const openAt = async (page: Page, width: number, height: number, path: string) => {
  await page.setViewportSize({ width, height })
  await page.goto(`${app.server.url}${path}`)
  await settle(page)
}

/** Elements whose content is wider than their box (clipped or scrolled sideways), as `tag.class: scroll/client`. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = []
    const root = document.documentElement
    if (root.scrollWidth > root.clientWidth + 1) found.push(`page: ${root.scrollWidth}/${root.clientWidth}`)
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      if (el.clientWidth < 4 || el.closest('svg') || el.closest('.visually-hidden')) continue
      if (el.scrollWidth > el.clientWidth + 1) {
        const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : ''
        found.push(
          `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${(el.textContent ?? '').slice(0, 30)}": ${el.scrollWidth}/${el.clientWidth}`,
        )
      }
    }
    return found
  })

describe('dashboards that fit', () => {
  for (const lang of ['pl', 'en'] as const) {
    for (const width of [1280, 400]) {
      it(`shows every figure of the dashboards whole at ${width} px (${lang})`, async () => {
        const page = app.page
        await setLanguage(page, lang)
        await page.setViewportSize({ width, height: 900 })
        const found: Record<string, string[]> = {}
        for (const path of ['/dashboard/monthly', '/dashboard/yearly']) {
          await page.goto(`${app.server.url}${path}`)
          await settle(page)
          const bad = await overflowing(page)
          if (bad.length > 0) found[path] = bad
        }
        expect(found).toEqual({})
      })
    }
  }

  it('shows the current month in the summary without scrolling, on a phone too', async () => {
    const page = app.page
    await setLanguage(page, 'en')
    for (const width of [1280, 400]) {
      await openAt(page, width, 900, '/dashboard/monthly')
      const current = page.locator('[data-current-month="true"]').first()
      await current.waitFor()
      const box = await current.boundingBox()
      expect(box).not.toBeNull()
      expect(box!.x).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width).toBeLessThanOrEqual(width)
    }
  })

  it('saves the monthly dashboard at 1280 / 400 px × pl / en × light / dark', async () => {
    const page = app.page
    mkdirSync(screenshotDir, { recursive: true })
    for (const lang of ['pl', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        await setLanguage(page, lang)
        await page.goto(`${app.server.url}/dashboard/monthly`)
        await setMode(page, mode)
        for (const width of [1280, 400]) {
          await openAt(page, width, 900, '/dashboard/monthly')
          expect(
            await page.evaluate(() => document.body.classList.contains(localStorage.getItem('site mode') ?? '')),
          ).toBe(true)
          await page.screenshot({
            path: join(screenshotDir, `monthly-dashboard-${lang}-${mode}-${width}.png`),
            fullPage: true,
          })
        }
      }
    }
    await setMode(page, 'light')
    await page.setViewportSize({ width: 1280, height: 800 })
  })
})

describe('settings on a phone', () => {
  it('keeps a long e-mail address inside its card at 400 px', async () => {
    const email = 'katarzyna.wisniewska-kowalczyk.biuro.rachunkowe@przyklad-firmy.example.com'
    await registerUser(email, 'User#2026long')
    const context = await app.browser.browser.newContext({ viewport: { width: 400, height: 800 } })
    try {
      const page = await context.newPage()
      await login(page, app.server.url, email, 'User#2026long')
      await page.goto(`${app.server.url}/settings`)
      await page.getByText(email).waitFor()
      expect(await overflowing(page)).toEqual([])
      const card = await page.getByText(email).evaluate((el) => {
        const box = el.getBoundingClientRect()
        const card = el.closest('.card')!.getBoundingClientRect()
        return { right: box.right, cardRight: card.right }
      })
      expect(card.right).toBeLessThanOrEqual(card.cardRight)
      await page.screenshot({ path: join(screenshotDir, 'settings-long-email-400.png'), fullPage: true })
    } finally {
      await context.close()
    }
  })
})

describe('the Reset dialog', () => {
  it('lays its buttons out as one column of equal, one-line buttons at 1280 and 400 px', async () => {
    const page = app.page
    await setLanguage(page, 'pl')
    for (const width of [1280, 400]) {
      await openAt(page, width, 800, '/dashboard/monthly')
      await page.getByRole('button', { name: 'Resetuj', exact: true }).click()
      const dialog = page.getByRole('dialog')
      await dialog.waitFor()
      const boxes = await dialog.locator('.dialog__buttons > button').evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect()
          return {
            width: Math.round(r.width),
            over: e.scrollWidth > e.clientWidth,
          }
        }),
      )
      expect(boxes.length).toBeGreaterThanOrEqual(3)
      expect(new Set(boxes.map((b) => b.width)).size).toBe(1)
      expect(boxes.filter((b) => b.over)).toEqual([])
      await page.screenshot({ path: join(screenshotDir, `reset-dialog-pl-${width}.png`) })
      await page.keyboard.press('Escape')
    }
    await page.setViewportSize({ width: 1280, height: 800 })
  })
})

describe('the log viewer', () => {
  it('refuses a wrong key in Polish, clears the error with the right one, and shows a table of entries', async () => {
    const page = app.page
    await setLanguage(page, 'pl')
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${app.server.url}/logs`)
    await page.getByLabel('Klucz API').fill('not-the-key')
    await page.getByRole('button', { name: 'Ustaw klucz' }).click()
    const refusal = page.locator('.logs__key-error')
    await refusal.waitFor()
    expect(await refusal.innerText()).toMatch(/^Klucz został odrzucony/)
    expect(await refusal.innerText()).not.toMatch(/Forbidden|Unauthorized|Invalid/)
    expect(await page.locator('.logs__key-state').innerText()).toBe('Klucz NIE jest ustawiony')
    await page.getByLabel('Klucz API').fill(API_KEY)
    await page.getByRole('button', { name: 'Ustaw klucz' }).click()
    await page.locator('.log-table tbody').first().waitFor()
    expect(await refusal.count()).toBe(0)
    expect(await page.locator('.popups .popup').count()).toBe(0)
    const time = await page.locator('.log-entry__time').first().innerText()
    expect(time).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2} CES?T$/)
    // Five entries (the default page) fit a screen instead of a 10 000 px wall of JSON.
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    expect(height).toBeLessThan(2000)
    await page.getByRole('button', { name: 'Pokaż dane' }).first().click()
    expect(await page.locator('.log-entry__json').first().innerText()).toMatch(/^\{\n {2}"/)
    for (const width of [1280, 400]) {
      await page.setViewportSize({ width, height: 800 })
      expect(await overflowing(page)).toEqual([])
      await page.screenshot({ path: join(screenshotDir, `logs-pl-${width}.png`), fullPage: true })
    }
    await page.setViewportSize({ width: 1280, height: 800 })
  })
})

describe('message popups', () => {
  it('never cover the page’s or the cards’ titles', async () => {
    const page = app.page
    await setLanguage(page, 'en')
    for (const width of [1280, 400]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`${app.server.url}/logs`)
      await page.getByLabel('Api key').fill('not-the-key')
      await page.getByRole('button', { name: 'Set key' }).click()
      await page.locator('.logs__key-error').waitFor()
      // A failure that is not about the key shows a popup: a search with the API unreachable.
      await page.route('**/api/log/**', (route) => route.abort())
      await page.getByLabel('Api key').fill(API_KEY)
      await page.getByRole('button', { name: 'Set key' }).click()
      const popup = page.locator('.popups .popup').first()
      await popup.waitFor()
      const box = (await popup.boundingBox())!
      const titles = await page.locator('h1, h2, .card__title').evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect()
          return { text: e.textContent, top: r.top, bottom: r.bottom, left: r.left, right: r.right }
        }),
      )
      const covered = titles.filter(
        (t) => t.left < box.x + box.width && t.right > box.x && t.top < box.y + box.height && t.bottom > box.y,
      )
      expect(covered).toEqual([])
      await page.unroute('**/api/log/**')
    }
    await page.setViewportSize({ width: 1280, height: 800 })
  })
})

/** English messages that read differently in Polish, from every English catalog of the web app. */
const englishOnlyMessages = (): string[] => {
  const web = new URL('..', import.meta.url).pathname
  const catalogs = [
    'src/locales',
    ...['company', 'fees', 'revenues', 'dashboard', 'logs', 'books'].map((f) => `src/features/${f}/locales`),
  ]
  const out = new Set<string>()
  const polish = new Set<string>()
  for (const dir of catalogs) {
    for (const e of poEntries(readFileSync(join(web, dir, 'pl/messages.po'), 'utf8'))) polish.add(e.str)
  }
  for (const dir of catalogs) {
    const en = poEntries(readFileSync(join(web, dir, 'en/messages.po'), 'utf8'))
    const pl = new Map(poEntries(readFileSync(join(web, dir, 'pl/messages.po'), 'utf8')).map((e) => [e.id, e.str]))
    for (const { id } of en) {
      // Whole messages only: a placeholder's value is data, and very short words (OK, PIT) are the same in both.
      // A word both languages write alike in some message (Data: a date in Polish) proves nothing.
      if (id.includes('{') || id.length < 4 || pl.get(id) === id || polish.has(id)) continue
      out.add(id)
    }
  }
  return [...out]
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('no English in the Polish UI', () => {
  it('walks every route in Polish and finds no English message on the page', async () => {
    const page = app.page
    await setLanguage(page, 'pl')
    await page.setViewportSize({ width: 1280, height: 800 })
    const messages = englishOnlyMessages().map((m) => ({
      m,
      re: new RegExp(`(^|[^\\p{L}])${escapeRegExp(m)}($|[^\\p{L}])`, 'u'),
    }))
    const found: Record<string, string[]> = {}
    for (const path of [
      '/',
      '/user',
      '/settings',
      '/companydashboard/company',
      '/companydashboard/fees',
      '/companydashboard/fees/taxes',
      '/companydashboard/fees/socialsecurity',
      '/companydashboard/fees/fixed',
      '/companydashboard/fees/onetime',
      '/companydashboard/revenues',
      '/companydashboard/revenues/recurring',
      '/companydashboard/revenues/onetime',
      '/companydashboard/books',
      '/dashboard',
      '/dashboard/monthly',
      '/dashboard/yearly',
      '/logs',
      '/user/register',
      '/user/changepassword',
      '/accept?key=not-a-key',
      '/no/such/page',
    ]) {
      await page.goto(`${app.server.url}${path}`)
      await settle(page)
      await page.waitForTimeout(200)
      const text = `${await page.title()}\n${await page.locator('body').innerText()}`
      const english = messages.filter(({ re }) => re.test(text)).map(({ m }) => m)
      if (english.length > 0) found[path] = english
    }
    expect(found).toEqual({})
  })
})
