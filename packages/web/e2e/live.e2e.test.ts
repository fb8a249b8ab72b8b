// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * Browser journey of the live month in real Chromium against the real server (reminder job every second):
 * - an expense added after the month was viewed shows on the monthly dashboard at once, and Refresh re-reads;
 * - a row completed before its amount changed stays completed and says what was paid, what it is now and what
 *   remains, until the new amount is marked paid;
 * - Reset current month clears the ticks and leaves every item and amount as it was;
 * - the Accept link of a reminder e-mail completes its row after the row's amount was edited.
 *
 * Seeded history (through the API, for a fresh USER writing English): VAT 23 % monthly since January of last year
 * and a company income of 10 000 net on the 10th of every month since then. The expenses of the journey are private
 * one-time expenses dated today, added through the Fees screen as a user would.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { readOutbox, screenshot, seedVatAndIncome } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'live-user@example.com'
const USER_PASSWORD = 'Live#2026x'

// The server's "today" is the date in Poland; the browser runs in the same time zone, so both open the same month
// and a reminder is due on the same day even around midnight.
const TIME_ZONE = 'Europe/Warsaw'
const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date())

const app = journey({
  env: { FINANCE_REMINDER_INTERVAL_MS: '1000', FINANCE_REMINDER_LEAD_DAYS: '3' },
  timezoneId: TIME_ZONE,
  user: { email: USER_EMAIL, password: USER_PASSWORD },
  english: true,
  seed: (user) => seedVatAndIncome(app.call, user, Number(today.slice(0, 4)) - 1),
})
const { call } = app

const loaded = (page: Page) => page.waitForSelector('.dashboard[aria-busy="false"] .tx-table')

const openMonth = async (page: Page) => {
  await page.goto(`${app.server.url}/dashboard/monthly`)
  await loaded(page)
}

/** The row of the month's transactions table whose name matches. */
const row = (page: Page, name: RegExp) => page.locator('.tx-table').getByRole('row', { name })
/** A card of the Details section (or of the Fees screen), found by its heading. */
const card = (page: Page, name: string): Locator =>
  page.getByRole('heading', { name, exact: true, level: 3 }).locator('xpath=ancestor::section[1]')
/** Visible text with non-breaking spaces read as spaces. */
const text = async (l: Locator) => (await l.innerText()).replace(/\u00a0/g, ' ')

const saveFlag = async (page: Page, action: () => Promise<void>) => {
  const saved = page.waitForResponse((r) => r.url().includes('/api/transaction/') && r.request().method() === 'PUT')
  await action()
  expect((await saved).status()).toBe(200)
}

/** Adds a private one-time expense dated today through the Fees screen. */
const addExpense = async (page: Page, name: string, amount: string) => {
  await page.goto(`${app.server.url}/companydashboard/fees/fixed`)
  const form = page.getByRole('form', { name: 'Add One Time Expense' })
  await form.getByLabel('Date *').fill(today)
  await form.getByLabel('Name *').fill(name)
  await form.getByLabel('Net amount *').fill(amount)
  await form.getByRole('button', { name: 'Add One Time Expense' }).click()
  await expect.poll(() => card(page, name).count()).toBe(1)
}

/** Changes an expense's amount through its card on the Fees screen. */
const changeAmount = async (page: Page, name: string, amount: string) => {
  await page.goto(`${app.server.url}/companydashboard/fees/fixed`)
  const item = card(page, name)
  await item.getByRole('button', { name: 'Edit', exact: true }).click()
  await item.getByLabel('Net amount *').fill(amount)
  await item.getByRole('button', { name: 'Save', exact: true }).click()
  await expect.poll(() => item.locator('form').count(), { timeout: 10_000 }).toBe(0)
}

describe('the live month', () => {
  it('shows an expense added after the month was viewed, without a reset; Refresh re-reads', async () => {
    const { page } = app
    await openMonth(page)
    expect(await row(page, /Printer/).count()).toBe(0)
    await addExpense(page, 'Printer', '100')
    await openMonth(page)
    expect(await text(row(page, /Printer/))).toContain('100.00')

    // Added elsewhere (another device) while the dashboard is open: Refresh shows it.
    await call(app.token, 'POST', 'fee', {
      dataType: 'Expense',
      eventType: 'Fixed expense add',
      dataObject: { date: today, name: 'Toner', amount: '40.00', isCompany: false, percent: '0', invoiceDate: null },
    })
    expect(await row(page, /Toner/).count()).toBe(0)
    await page.getByRole('button', { name: 'Refresh', exact: true }).click()
    await expect.poll(() => row(page, /Toner/).count()).toBe(1)
    await screenshot(page, 'live-added-item')
  })

  it('keeps a completed row completed when its amount changes, shows what remains, and settles it in one click', async () => {
    const { page } = app
    await saveFlag(page, () => card(page, 'Printer').getByLabel('Completed').check())
    await expect.poll(() => card(page, 'Printer').getAttribute('class')).toContain('card--dimmed')

    await changeAmount(page, 'Printer', '150')
    await openMonth(page)
    const printer = card(page, 'Printer')
    expect(await printer.getByLabel('Completed').isChecked()).toBe(true)
    expect(await text(printer.locator('.payment-state'))).toBe('paid PLN 100.00 — now PLN 150.00 — PLN 50.00 to pay')
    expect(await printer.getAttribute('class')).not.toContain('card--dimmed')
    expect(await text(row(page, /Printer/))).toContain('(PLN 50.00 left to pay)')
    await screenshot(page, 'live-paid-then-changed')

    await saveFlag(page, () => printer.getByRole('button', { name: 'Mark the new amount as paid' }).click())
    await expect.poll(() => printer.locator('.payment-state').count()).toBe(0)
    expect(await printer.getByLabel('Completed').isChecked()).toBe(true)
    expect(await printer.getAttribute('class')).toContain('card--dimmed')
  })

  it('Reset current month clears the ticks and keeps every item and amount', async () => {
    const { page } = app
    await openMonth(page)
    const revenue = card(page, 'Programming services')
    await saveFlag(page, () => revenue.getByLabel('Completed').check())
    await saveFlag(page, () => card(page, 'Toner').getByLabel('Notification').check())
    const before = await text(page.locator('.tx-table tbody'))

    await page.getByRole('button', { name: 'Reset', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Reset transactions' })
    await dialog.waitFor()
    expect(await text(dialog)).toContain('Reset clears Completed, Notification and Sent')
    const reset = page.waitForResponse((r) => r.url().endsWith('/api/transaction/resetCurrentMonth'))
    await dialog.getByRole('button', { name: 'Reset current month' }).click()
    expect((await reset).status()).toBe(200)
    await page.getByText('Reset done').waitFor()
    await loaded(page)

    for (const name of ['Programming services', 'Printer', 'Toner']) {
      expect(await card(page, name).getByLabel('Completed').isChecked(), name).toBe(false)
      expect(await card(page, name).getByLabel('Notification').isChecked(), name).toBe(false)
    }
    expect(await text(page.locator('.tx-table tbody'))).toBe(before)
    await screenshot(page, 'live-reset-month')
  })

  it("completes a row from the reminder e-mail's Accept link after its amount was edited", async () => {
    const { page } = app
    await addExpense(page, 'Internet', '80')
    await openMonth(page)
    await saveFlag(page, () => card(page, 'Internet').getByLabel('Notification').check())
    // The job mails the reminder (due today, within the lead time) and marks it sent.
    let mail = { links: [] as string[], text: '' }
    await expect
      .poll(
        () => {
          try {
            mail = readOutbox(app.server.dataDir)
          } catch {
            return false
          }
          return mail.text.includes('Internet')
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true)
    expect(mail.text).toMatch(/80[.,]00/)
    const link = mail.links.find((l) => l.includes('/accept?key='))
    expect(link).toBeDefined()

    await changeAmount(page, 'Internet', '95')
    await page.goto(link!)
    await page.waitForURL(`${app.server.url}/accept`)
    await expect.poll(() => page.locator('main [role=status]').innerText()).toBe('Transaction marked as completed.')
    await screenshot(page, 'live-accept-after-edit')

    await openMonth(page)
    const internet = card(page, 'Internet')
    expect(await internet.getByLabel('Completed').isChecked()).toBe(true)
    // Paid at the amount it has now: nothing remains.
    expect(await internet.locator('.payment-state').count()).toBe(0)
    expect(await text(row(page, /Internet/))).toContain('95.00')
  })
})
