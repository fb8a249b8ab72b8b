// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * Browser journey of "Reset current month" and "Reset current year" in real Chromium against the real server,
 * driven from the keyboard where it matters (the reset popup opens with Enter, Escape closes it, Tab moves between
 * its choices and stays inside it, Enter confirms).
 *
 * Seeded history (through the API, for a fresh USER): VAT 23 % monthly since January of last year, a company
 * income of 10 000 net and a company expense of 2 000 net every month from then on (36 repetitions). Whatever
 * month today is, the month shows:
 * - revenue 10 000 + 23 % = 12 300.00, fee 2 000 + 23 % = 2 460.00;
 * - VAT for the month before: 23 % × (10 000 − 2 000) = 1 840.00.
 * The yearly figures per month: incomes 10 000.00, expenses −(2 000 + 1 840) = −3 840.00, summary 6 160.00.
 * A reset clears the flags of the month or year (Completed, Notification, Sent); the rows are always computed from
 * the items and settings, so the amounts stay and only the flags go.
 * The journey starts by reaching the dashboard through the menu by keyboard and ends by deleting an item through its
 * confirmation by keyboard, checking that focus is never lost to the page.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot, seedVatAndIncome, seeder } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'reset-user@example.com'
const USER_PASSWORD = 'Reset#2026x'

const app = journey({ user: { email: USER_EMAIL, password: USER_PASSWORD }, english: true, seed })
const { call } = app

// The browser and the server share this machine's clock: the dashboard opens on this month.
const now = new Date()
const thisYear = now.getFullYear()
const thisMonth = now.getMonth() + 1
const ym = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}`
const current = ym(thisYear, thisMonth)
// Another month of the same year, to show that a year reset reaches beyond the month on screen.
const otherMonth = thisMonth === 1 ? 2 : thisMonth - 1
const other = ym(thisYear, otherMonth)
const monthName = new Intl.DateTimeFormat('en', { month: 'long' }).format(new Date(thisYear, thisMonth - 1, 1))

async function seed(user: string) {
  const since = thisYear - 1
  await seedVatAndIncome(call, user, since)
  await seeder(call, user).recurringExpense(`${since}-01-05`, 'Office rent', '2000.00', 36)
}

/** The name of the element that has keyboard focus: its aria-label, its label (fields) or its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return '(nothing focused)'
    const label = (el as HTMLInputElement).labels?.[0]?.innerText
    return (el.getAttribute('aria-label') ?? label ?? el.innerText ?? '').replace(/\s+/g, ' ').trim()
  })

const shownMonth = (page: Page) => page.locator('.period-nav__title').getAttribute('data-month')

const loaded = (page: Page) => page.waitForSelector('.dashboard[aria-busy="false"] .tx-table')

/** Arrows until the dashboard shows `target` (yyyy-mm), waiting for each month to load. */
const goToMonth = async (page: Page, target: string) => {
  for (let i = 0; i < 24; i++) {
    const shown = await shownMonth(page)
    if (shown === target) break
    await page.getByRole('button', { name: shown !== null && shown > target ? 'Previous month' : 'Next month' }).click()
    await page.waitForFunction(
      (before) => document.querySelector('.period-nav__title')?.getAttribute('data-month') !== before,
      shown,
    )
  }
  expect(await shownMonth(page)).toBe(target)
  await loaded(page)
}

/** Presses a key and checks where the focus went. */
const pressTo = async (page: Page, key: string, name: string) => {
  await page.keyboard.press(key)
  expect(await focused(page)).toBe(name)
}

/** The row of the month's transactions table whose name matches. */
const row = (page: Page, name: RegExp) => page.locator('.tx-table').getByRole('row', { name })
const vatRow = (page: Page) => row(page, /VAT \d{4}-\d{2}/)
/** The VAT card of the Details section, found by its heading. */
const vatCard = (page: Page): Locator =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'VAT', exact: true, level: 3 }) })

const completeVat = async (page: Page) => {
  const saved = page.waitForResponse((r) => r.url().includes('/api/transaction/') && r.request().method() === 'PUT')
  await vatCard(page).getByLabel('Completed').check()
  expect((await saved).status()).toBe(200)
  await expect.poll(() => vatCard(page).getByLabel('Completed').isChecked()).toBe(true)
  // Completed hides the reminder options.
  expect(await vatCard(page).getByLabel('Notification').count()).toBe(0)
}

const expectVatOpen = async (page: Page) => {
  await expect.poll(() => vatCard(page).getByLabel('Completed').isChecked()).toBe(false)
  expect(await vatCard(page).getByLabel('Notification').isVisible()).toBe(true)
}

/** The figures of the month a user reads: revenue, fee and VAT rows. */
const expectMonthFigures = async (page: Page) => {
  expect(await row(page, /Programming services/).innerText()).toContain('12,300.00')
  expect(await row(page, /Office rent/).innerText()).toContain('2,460.00')
  expect(await vatRow(page).innerText()).toContain('1,840.00')
}

/** Opens the reset popup from the keyboard: focus on Reset, Enter. */
const openResetWithKeyboard = async (page: Page) => {
  await page.getByRole('button', { name: 'Reset', exact: true }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Reset transactions' })
  await dialog.waitFor()
  // Focus starts on the safe choice.
  await expect.poll(() => focused(page)).toBe('Cancel')
  return dialog
}

/**
 * Chooses a reset from the keyboard: Tab from Cancel to the choice (the month is one Tab away, the year two), Enter,
 * then waits for the server's answer, the dialog to close, the notice and the reloaded dashboard.
 */
const resetWithKeyboard = async (page: Page, scope: 'Month' | 'Year') => {
  const dialog = await openResetWithKeyboard(page)
  for (let i = 0; i < (scope === 'Month' ? 1 : 2); i++) await page.keyboard.press('Tab')
  expect(await focused(page)).toBe(`Reset current ${scope.toLowerCase()}`)
  const reset = page.waitForResponse((r) => r.url().endsWith(`/api/transaction/resetCurrent${scope}`))
  await page.keyboard.press('Enter')
  expect((await reset).status()).toBe(200)
  await dialog.waitFor({ state: 'detached' })
  await page.getByText('Reset done').waitFor()
  await loaded(page)
}

/** The rows of the yearly "Show as a table" fallback of one chart, as the user reads them. */
const yearTable = async (page: Page, chart: 'monthly' | 'increasing') => {
  const figure = page.locator(`[data-chart="${chart}"]`)
  const details = figure.locator('details')
  if ((await details.getAttribute('open')) === null) await figure.getByText('Show as a table').click()
  return (await figure.getByRole('table').innerText()).trim()
}

const openYear = async (page: Page) => {
  await page.goto(`${app.server.url}/dashboard/yearly`)
  await page.waitForSelector(`.period-nav__title[data-year="${thisYear}"]`)
  await page.waitForSelector('.dashboard[aria-busy="false"] rect.bar')
}

let yearBefore: { monthly: string; increasing: string }

describe('reset current month', () => {
  it('reaches the monthly dashboard through the menu with the keyboard alone', async () => {
    const { page } = app
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true })
    const menu = page.getByRole('navigation', { name: 'Menu' })
    await menuButton.focus()
    await page.keyboard.press('Enter')
    await menu.getByRole('link', { name: 'Monthly' }).waitFor()
    // Focus moves into the menu, and Shift+Tab from its first control wraps to its last link instead of leaving it.
    await expect.poll(() => focused(page)).toBe('Pin menu')
    await pressTo(page, 'Shift+Tab', 'Settings')
    await pressTo(page, 'Tab', 'Pin menu')
    // Escape closes it and focus is back on the menu button.
    await page.keyboard.press('Escape')
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false')
    expect(await focused(page)).toBe('Menu')

    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toBe('Pin menu')
    const walked: string[] = []
    for (let i = 0; i < 20 && (await focused(page)) !== 'Monthly'; i++) {
      await page.keyboard.press('Tab')
      walked.push(await focused(page))
    }
    expect(walked).toEqual(['Close menu', 'Home', 'Dashboard', 'Monthly'])
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/dashboard\/monthly(\?month=\d{4}-\d{2})?$/)
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false')
    await page.waitForSelector('.period-nav__title[data-month]')
  })

  it('shows the month computed from the items and keeps Completed until the month is reset', async () => {
    const { page } = app
    expect(await shownMonth(page)).toBe(current)
    await loaded(page)
    await expectMonthFigures(page)
    await expectVatOpen(page)

    await completeVat(page)
    await screenshot(page, 'reset-month-completed')
  })

  it('opens the reset popup with Enter, keeps Tab inside it and closes it with Escape, changing nothing', async () => {
    const { page } = app
    const dialog = await openResetWithKeyboard(page)
    // Tab walks the choices and wraps around inside the popup; Shift+Tab walks back.
    const order: string[] = []
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab')
      order.push(await focused(page))
    }
    expect(order).toEqual(['Reset current month', 'Reset current year', 'Cancel'])
    await pressTo(page, 'Shift+Tab', 'Reset current year')
    await pressTo(page, 'Shift+Tab', 'Reset current month')
    await screenshot(page, 'reset-popup')

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    // Focus is back on the Reset button and nothing was reset.
    expect(await focused(page)).toBe('Reset')
    expect(await vatCard(page).getByLabel('Completed').isChecked()).toBe(true)
  })

  it('resets the month from the keyboard: the rows come back with the same figures and without Completed', async () => {
    const { page } = app
    await resetWithKeyboard(page, 'Month')

    expect(await shownMonth(page)).toBe(current)
    await expectMonthFigures(page)
    await expectVatOpen(page)
    // Once the month has loaded again, focus is back on the Reset button.
    await expect.poll(() => focused(page)).toBe('Reset')
    await screenshot(page, 'reset-month-done')
  })
})

describe('reset current year', () => {
  it('reads the yearly figures before the reset', async () => {
    const { page } = app
    await openYear(page)
    yearBefore = { monthly: await yearTable(page, 'monthly'), increasing: await yearTable(page, 'increasing') }
    const thisMonthRow = page
      .locator('[data-chart="monthly"]')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: monthName, exact: true }) })
    expect(await thisMonthRow.innerText()).toMatch(/PLN\s10,000\.00\s+-PLN\s2,000\.00\s+PLN\s8,000\.00/)
  })

  it('clears Completed in every month of the year and keeps the figures', async () => {
    const { page } = app
    await page.goto(`${app.server.url}/dashboard/monthly`)
    await loaded(page)
    // Completed in this month and in another month of the same year.
    await completeVat(page)
    await goToMonth(page, other)
    await completeVat(page)
    await goToMonth(page, current)
    expect(await vatCard(page).getByLabel('Completed').isChecked()).toBe(true)

    await resetWithKeyboard(page, 'Year')
    await expectMonthFigures(page)
    await expectVatOpen(page)
    await expect.poll(() => focused(page)).toBe('Reset')

    // The other month's flags were cleared too.
    await goToMonth(page, other)
    await expectMonthFigures(page)
    await expectVatOpen(page)
    await screenshot(page, 'reset-year-other-month')
  })

  it('shows the same yearly figures after the reset, and the month popup works from the keyboard', async () => {
    const { page } = app
    await openYear(page)
    expect(await yearTable(page, 'monthly')).toBe(yearBefore.monthly)
    expect(await yearTable(page, 'increasing')).toBe(yearBefore.increasing)

    // The cumulative summary of this month matches the monthly dashboard's summary (8 000.00 per month so far: net
    // revenue less net costs; the VAT payment is shown but not subtracted, docs/tax-rules.md §12).
    const increasingRow = page
      .locator('[data-chart="increasing"]')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: monthName, exact: true }) })
    const cumulative = (8000 * thisMonth).toLocaleString('en-GB', { minimumFractionDigits: 2 })
    expect(await increasingRow.innerText()).toContain(cumulative)

    // The month's details open from the table with Enter and close with Escape, focus returning to the button.
    const details = page.locator('[data-chart="monthly"]').getByRole('button', { name: `Details ${monthName}` })
    await details.focus()
    await page.keyboard.press('Enter')
    const popup = page.getByRole('dialog', { name: new RegExp(`${monthName} ${thisYear}`) })
    await popup.waitFor()
    await expect.poll(() => focused(page)).toBe('Close')
    expect(await popup.innerText()).toMatch(/PLN\s10,000\.00/)
    await pressTo(page, 'Tab', 'Close')
    await screenshot(page, 'reset-year-popup')
    await page.keyboard.press('Escape')
    await popup.waitFor({ state: 'detached' })
    expect(await focused(page)).toBe(`Details ${monthName}`)
    await screenshot(page, 'reset-year-done')
  })
})

describe('deleting an item', () => {
  it('confirms with the keyboard and keeps focus on the page when the item goes', async () => {
    const { page } = app
    await page.goto(`${app.server.url}/dashboard/monthly`)
    await loaded(page)
    const trash = page.getByRole('button', { name: 'Delete Office rent' })
    await trash.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Confirm' })
    await dialog.waitFor()
    expect(await dialog.innerText()).toContain('This item will be deleted. Do you confirm?')
    await expect.poll(() => focused(page)).toBe('Cancel')
    await pressTo(page, 'Tab', 'Yes')
    await pressTo(page, 'Tab', 'Cancel')
    await page.keyboard.press('Shift+Tab')
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE')
    await page.keyboard.press('Enter')
    expect((await deleted).status()).toBeLessThan(300)
    await trash.waitFor({ state: 'detached' })
    expect(await row(page, /Office rent/).count()).toBe(0)
    // The trash button is gone with its card: focus moved to a neighbouring control, still inside the page.
    await expect.poll(() => focused(page)).not.toBe('(nothing focused)')
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true)
    expect(await focused(page)).toMatch(/^(Completed|Notification|Delete Programming services)$/)
  })
})
