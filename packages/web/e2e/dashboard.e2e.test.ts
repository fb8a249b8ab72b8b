// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * Browser journey of the dashboards and the log viewer in real Chromium against the real app.server.
 *
 * Seeded history (through the API): VAT 23 % monthly, PIT linear 19 % monthly, social security 1 773.96 with
 * health 4.9 %, a company income of 10 000 net and a company expense of 2 000 net every month of 2026.
 * March 2026 shows the taxes for February (docs/tax-rules.md):
 * - VAT: 23 % × 10 000 − 23 % × 2 000 = 2 300 − 460 = 1 840.00, due 25 March (Wednesday).
 * - ZUS: social 1 773.96 + health max(4.9 % × January income 6 226.04 = 305.08, 2026 minimum 432.54) = 2 206.50,
 *   due 20 March (Friday).
 * - PIT: base Jan–Feb 20 000 − 4 000 − 3 547.92 − health 747.50 (314.96 January minimum + 432.54)
 *   = 11 704.58 → 11 705; 19 % = 2 223.95 → 2 224; less January's advance (base 5 911.08 → 5 911, 19 % = 1 123.09
 *   → 1 123) = 1 101.00, due 20 March.
 * The same figures come out of `monthTransactions` of the core for this history.
 */
import type { Page } from 'playwright-core'
import { pitSetting } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, API_KEY, login, screenshot, seeder, useEnglish } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'dash-user@example.com'
const USER_PASSWORD = 'User#2026x'

const app = journey({ english: true, seed })
const { call, tokenOf, registerUser } = app

async function seed() {
  const books = seeder(call, await tokenOf(ADMIN_EMAIL, ADMIN_PASSWORD))
  await books.taxes(2026, pitSetting(), ['1773.96', '4.9'])
  await books.recurringIncome('2026-01-10', 'Programming services', '10000.00', 12)
  await books.recurringExpense('2026-01-05', 'Office rent', '2000.00', 12)
  await registerUser(USER_EMAIL, USER_PASSWORD)
}

const shownMonth = (page: Page) => page.locator('.period-nav__title').getAttribute('data-month')

/** Arrows until the dashboard shows `target` (yyyy-mm), waiting for each month to load. */
const goToMonth = async (page: Page, target: string) => {
  for (let i = 0; i < 240; i++) {
    const current = await shownMonth(page)
    if (current === target) break
    await page
      .getByRole('button', { name: current !== null && current > target ? 'Previous month' : 'Next month' })
      .click()
    await page.waitForFunction(
      (before) => document.querySelector('.period-nav__title')?.getAttribute('data-month') !== before,
      current,
    )
  }
  expect(await shownMonth(page)).toBe(target)
  await page.waitForSelector('.dashboard[aria-busy="false"] .tx-row')
}

const rowText = async (page: Page, kind: string) => (await page.locator(`.tx-row--${kind}`).first().innerText()).trim()

describe('monthly dashboard', () => {
  it('shows the expected VAT, PIT and social security of March 2026', async () => {
    const { page } = app
    await login(page, app.server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    await page.goto(`${app.server.url}/dashboard/monthly`)
    await page.waitForSelector('.period-nav__title[data-month]')
    await goToMonth(page, '2026-03')

    expect(await rowText(page, 'vat')).toContain('1,840.00')
    expect(await rowText(page, 'pit')).toContain('1,101.00')
    const zus = await rowText(page, 'socialsecurity')
    // the amount due in both columns: a contribution has no net part (the card splits social and health)
    expect(zus).not.toContain('1,773.96')
    expect(zus).toContain('2,206.50')
    expect(await rowText(page, 'revenue')).toContain('12,300.00')
    expect(await rowText(page, 'fee')).toContain('2,460.00')

    // Due dates of the obligations (working days) on the cards.
    const vatCard = page.locator('.tx-card--vat')
    await expect.poll(() => vatCard.locator('.due time').innerText()).toBe('25 Mar 2026')
    expect(await page.locator('.tx-card--pit .due time').innerText()).toBe('20 Mar 2026')
    expect(await page.locator('.tx-card--socialsecurity .due time').innerText()).toBe('20 Mar 2026')
    // The PIT card explains the advance: year-to-date base and tax, less January's advance.
    const pitCard = page.locator('.tx-card--pit')
    await pitCard.getByText('How it is computed').click()
    const fact = (label: string) => pitCard.locator('.breakdown .facts__row', { hasText: label }).locator('dd')
    expect(await fact('Tax base').innerText()).toContain('11,705.00')
    expect(await fact('Tax since 1 January').innerText()).toContain('2,224.00')
    expect(await fact('Advances paid before').innerText()).toContain('1,123.00')
    const zusCard = page.locator('.tx-card--socialsecurity')
    await zusCard.getByText('How it is computed').click()
    expect(
      await zusCard.locator('.breakdown .facts__row', { hasText: 'minimum applied' }).locator('dd').innerText(),
    ).toBe('Yes')

    // Cost summary: VAT 1 840 + PIT 1 101 + ZUS 2 206.50 + company fee 2 460 = 7 607.50.
    expect(await page.locator('.cost-total').innerText()).toContain('7,607.50')
    await page.locator('.cost-summary').getByLabel('Company fees').uncheck()
    expect(await page.locator('.cost-total').innerText()).toContain('5,147.50')

    // The summary leads with the month on screen.
    const summary = page.locator('.summary-table')
    expect(await summary.locator('[data-current-month="true"]').innerText()).toBe('March 2026')
    await screenshot(page, 'dashboard-monthly')
  })

  it('keeps Completed after a reload and restores generated rows on Reset month', async () => {
    const { page } = app
    const vatCard = page.locator('.tx-card--vat')
    const saved = page.waitForResponse((r) => r.url().includes('/api/transaction/') && r.request().method() === 'PUT')
    await vatCard.getByLabel('Completed').check()
    expect((await saved).status()).toBe(200)
    expect(await vatCard.getAttribute('class')).toContain('card--dimmed')
    expect(await vatCard.getByLabel('Notification').count()).toBe(0)

    await page.reload()
    await page.waitForSelector('.period-nav__title[data-month]')
    await goToMonth(page, '2026-03')
    await expect.poll(() => page.locator('.tx-card--vat').getByLabel('Completed').isChecked()).toBe(true)
    expect(await page.locator('.tx-row--vat').getAttribute('class')).toContain('tx-row--completed')

    // Delete the expense item: its row leaves the lists.
    const feeCard = page.locator('.item-list .tx-card--fee')
    expect(await feeCard.count()).toBe(1)
    await page.getByRole('button', { name: 'Delete Office rent' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click()
    await expect.poll(() => page.locator('.item-list .tx-card--fee').count()).toBe(0)

    // Reset month: the rows are generated again from the items and settings (the expense is gone now,
    // so VAT for February is recomputed from the items in force) and the popup says so.
    await page.getByRole('button', { name: 'Reset', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Reset transactions' })
    const reset = page.waitForResponse((r) => r.url().endsWith('/api/transaction/resetCurrentMonth'))
    await dialog.getByRole('button', { name: 'Reset current month' }).click()
    const rows = (await (await reset).json()) as { eventType: string; completed: boolean }[]
    expect(rows.length).toBeGreaterThan(0)
    await page.getByText('Reset done').waitFor()
    await page.waitForSelector('.dashboard[aria-busy="false"] .tx-row--vat')
    // regenerated rows carry fresh flags
    expect(await page.locator('.tx-card--vat').getByLabel('Completed').isChecked()).toBe(false)
    expect(rows.filter((r) => r.eventType === '1_Revenue')).toHaveLength(1)
    expect(rows.filter((r) => r.eventType === '2_Fee')).toHaveLength(0)
    expect(await page.locator('.tx-row--revenue').count()).toBe(1)
  })

  it('remembers the Show choices across a reload', async () => {
    const { page } = app
    await page.locator('.show-choices').getByLabel('Summary').uncheck()
    expect(await page.evaluate(() => localStorage.getItem('ks_site_show_summary'))).toBe('false')
    await page.reload()
    await page.waitForSelector('.dashboard[aria-busy="false"]')
    expect(await page.locator('.summary-table').count()).toBe(0)
    expect(await page.locator('.show-choices').getByLabel('Summary').isChecked()).toBe(false)
    await page.locator('.show-choices').getByLabel('Summary').check()
  })
})

describe('yearly dashboard', () => {
  it('draws 12 × 3 bars per chart and opens the month popup', async () => {
    const { page } = app
    await page.goto(`${app.server.url}/dashboard/yearly`)
    await page.waitForSelector('.period-nav__title[data-year]')
    for (let i = 0; i < 50 && (await page.locator('.period-nav__title').getAttribute('data-year')) !== '2026'; i++) {
      const year = Number(await page.locator('.period-nav__title').getAttribute('data-year'))
      await page.getByRole('button', { name: year > 2026 ? 'Previous year' : 'Next year' }).click()
      await page.waitForFunction(
        (before) => document.querySelector('.period-nav__title')?.getAttribute('data-year') !== before,
        String(year),
      )
    }
    await page.waitForSelector('.dashboard[aria-busy="false"]')
    const monthly = page.locator('[data-chart="monthly"] svg[role="img"]')
    const increasing = page.locator('[data-chart="increasing"] svg[role="img"]')
    expect(await monthly.getAttribute('aria-label')).toContain('Monthly (Incomes & Expenses)')
    await expect.poll(() => monthly.locator('rect.bar').count()).toBe(36)
    expect(await increasing.locator('rect.bar').count()).toBe(36)
    expect(await monthly.locator('rect.bar--incomes').count()).toBe(12)
    expect(await monthly.locator('rect.bar--expenses').count()).toBe(12)
    expect(await monthly.locator('rect.bar--summary').count()).toBe(12)
    // Expenses point down from the zero line, incomes up.
    const zeroY = Number(await monthly.locator('.chart__zero').getAttribute('y1'))
    const expense = monthly.locator('g[data-month="3"] rect.bar--expenses')
    const income = monthly.locator('g[data-month="3"] rect.bar--incomes')
    expect(Number(await expense.getAttribute('y'))).toBeCloseTo(zeroY, 0)
    expect(Number(await income.getAttribute('y'))).toBeLessThan(zeroY)

    // Tooltip with month, name and value.
    await income.hover()
    const tooltip = page.locator('.chart__tooltip')
    await tooltip.waitFor()
    expect(await tooltip.innerText()).toContain('March')
    expect(await tooltip.innerText()).toContain('Incomes')

    await income.click()
    const popup = page.getByRole('dialog')
    await popup.waitFor({ timeout: 5000 })
    expect(await popup.innerText()).toContain('March')
    const widths = await popup
      .locator('.hbar__fill')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-width'))))
    expect(Math.max(...widths)).toBe(50)
    await screenshot(page, 'dashboard-yearly-popup')
    await popup.getByRole('button', { name: 'Close' }).click()
    expect(await page.getByRole('dialog').count()).toBe(0)
    // Anywhere in a month's column opens it too (here: above May's bars of the increasing chart).
    const may = increasing.locator('g[data-month="5"] .chart__hit')
    const box = (await may.boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + 4)
    await page.getByRole('dialog').waitFor({ timeout: 5000 })
    expect(await page.getByRole('dialog').innerText()).toContain('May')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await screenshot(page, 'dashboard-yearly')
  })

  it('shows the year end below the charts and compares the forms at the ryczałt rate chosen', async () => {
    const { page } = app
    // Still 2026 from the test above. PIT-36L (docs/tax-rules.md §8): contributions are deducted on the day they are
    // paid, by one rule for the advances and the return; with no payment day known and the default setting ("paid in
    // the month they concern"), December's 1 773.96 social and 432.54 health count in 2026 in both, so the return
    // leaves nothing to pay (before that rule, the return counted them in 2027 and left 419 to pay).
    const yearEnd = page.locator('section.year-end')
    await yearEnd.getByRole('heading', { name: 'Year end 2026' }).waitFor()
    await page.waitForSelector('section.year-end[aria-busy="false"] .year-end__compare')
    const pit = yearEnd
      .locator('.year-end__card')
      .filter({ has: page.getByRole('heading', { name: 'PIT-36L · linear tax' }) })
    expect(await pit.innerText()).toContain('Tax due')
    expect(await pit.locator('.year-end__result').innerText()).toMatch(/^To pay: PLN\s0\.00$/)
    expect(await pit.locator('time').getAttribute('datetime')).toBe('2027-04-30')
    const rows = yearEnd.locator('.year-end__table tbody tr')
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-form')))).toEqual([
      'Scale',
      'Linear',
      'Flat',
    ])
    expect(await rows.nth(1).innerText()).toContain('current')
    await yearEnd.getByLabel('Ryczałt rate').selectOption('12')
    await expect.poll(async () => rows.nth(2).innerText()).toContain('ryczałt 12%')
    await screenshot(page, 'dashboard-year-end')
  })
})

describe('logs', () => {
  it('lets an ADMIN read the log with the api key', async () => {
    const { page } = app
    await page.goto(`${app.server.url}/logs`)
    await page.getByText('You need to add ADMIN api key to see logs.').waitFor()
    expect(await page.getByText('Key is NOT set').count()).toBe(1)
    await page.getByLabel('Api key').fill(API_KEY)
    await page.getByRole('button', { name: 'Set key' }).click()
    await page.getByText('Key is set', { exact: true }).waitFor()
    await page.locator('[data-testid="log-entry"]').first().waitFor()
    expect(await page.locator('[data-testid="log-entry"]').count()).toBe(5)
    await page.getByRole('button', { name: 'Show data' }).first().click()
    const json = await page.locator('.log-entry__json').first().innerText()
    expect(() => JSON.parse(json)).not.toThrow()
    // search narrows to the VAT setting
    await page.getByLabel('Search').fill('"kind":"Vat"')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect.poll(() => page.locator('.logs__total').innerText()).toBe('(1)')
    await page.getByRole('button', { name: 'Show data' }).first().click()
    expect(await page.locator('.log-entry__json').first().innerText()).toContain('"percent": "23"')
    await screenshot(page, 'logs')
  })

  it('refuses a USER: the route is ADMIN only and the API answers 403', async () => {
    // A fresh profile for the USER.
    const context = await app.browser.browser.newContext({ viewport: { width: 1280, height: 800 } })
    await useEnglish(context, app.server.url)
    const page = await context.newPage()
    await login(page, app.server.url, USER_EMAIL, USER_PASSWORD)
    await page.goto(`${app.server.url}/logs`)
    await page.getByText("You don't have permision to access this content.").waitFor()
    expect(await page.locator('[data-testid="log-entry"]').count()).toBe(0)
    const user = await tokenOf(USER_EMAIL, USER_PASSWORD)
    const res = await fetch(`${app.server.url}/api/log/GetPage/5/1/true/-`, {
      headers: { authorization: `Bearer ${user}`, 'x-api-key': API_KEY },
    })
    expect(res.status).toBe(403)
    await context.close()
  })
})
