/**
 * Browser journey of the company data, tax and social-security settings and the income/expense pages, in real
 * Chromium against the real server on a fresh store: every panel is filled through the UI, invalid input shows
 * its message and writes nothing, items are added, edited and deleted through the dialog, and everything is
 * read back after a reload.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, screenshot } from './harness.ts'
import { journey } from './steps.ts'

/** The ADMIN's bearer token, for reading what the screens saved. */
let token = ''
const app = journey({
  english: true,
  seed: async () => {
    token = await app.tokenOf(ADMIN_EMAIL, ADMIN_PASSWORD)
  },
})

const api = async <T = unknown>(path: string): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${app.server.url}/api/${path}`, { headers: { authorization: `Bearer ${token}` } })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T }
}

type Rec = { id: number; dataType: string; dataObject: Record<string, unknown> }

/** The card (section) whose heading is `name`. */
const card = (page: Page, name: string, level?: number): Locator =>
  page.getByRole('heading', { name, exact: true, ...(level ? { level } : {}) }).locator('xpath=ancestor::section[1]')

const edit = async (panel: Locator) => {
  await panel.getByRole('button', { name: 'Edit', exact: true }).click()
}

const save = async (panel: Locator, label = 'Save') => {
  await panel.getByRole('button', { name: label, exact: true }).click()
}

/** Waits until the panel is back in view mode (no form inside). */
const saved = async (panel: Locator) => {
  await expect.poll(() => panel.locator('form').count(), { timeout: 10_000 }).toBe(0)
}

/** Opens a panel for editing, fills it, saves it and waits until it is back in view mode. */
const editAndSave = async (panel: Locator, fill: () => Promise<void>) => {
  await edit(panel)
  await fill()
  await save(panel)
  await saved(panel)
}

describe('company, settings and items journey', () => {
  it('rejects an empty company name and a bad NIP without saving, then saves all four company panels', async () => {
    const { page } = app
    await login(page, app.server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    await page.goto(`${app.server.url}/companydashboard`)
    await page.getByRole('link', { name: /Your company/ }).click()
    await page.waitForURL(`${app.server.url}/companydashboard/company`)

    const primary = card(page, 'Primary data')
    await edit(primary)
    await primary.getByLabel('NIP *').fill('1234567890')
    await save(primary)
    await expect.poll(() => primary.getByText('Company name is required').count()).toBe(1)
    await expect.poll(() => primary.getByText('Nip checksum is not valid').count()).toBe(1)
    await screenshot(page, 'company-validation')
    expect((await api('config/GetByType/Primary')).status).toBe(404)

    await primary.getByLabel('Company name *').fill('Kowalski Consulting')
    await primary.getByLabel('NIP *').fill('526-025-02-74')
    await primary.getByLabel('Owner name').fill('Jan')
    await primary.getByLabel('Owner last name').fill('Kowalski')
    await primary.getByLabel('REGON').fill('123456785')
    await save(primary)
    await saved(primary)
    await expect.poll(() => primary.getByText('Kowalski Consulting').count()).toBe(1)

    const addresses = card(page, 'Addresses')
    await edit(addresses)
    const permanent = addresses.getByRole('group', { name: 'Permanent place of business activity' })
    await permanent.getByLabel('Country').fill('Polska')
    await permanent.getByLabel('City').fill('Warszawa')
    await permanent.getByLabel('Street').fill('Marszałkowska')
    await permanent.getByLabel('Post code').fill('00950')
    await save(addresses)
    await expect.poll(() => addresses.getByText('Post code should be in format NN-NNN').count()).toBe(1)
    await permanent.getByLabel('Post code').fill('00-950')
    await permanent.getByLabel('Building').fill('1/2')
    await addresses.getByRole('group', { name: 'Post delivery address' }).getByLabel('Country').fill('Germany')
    await addresses.getByRole('group', { name: 'Post delivery address' }).getByLabel('Post code').fill('10115')
    await save(addresses)
    await saved(addresses)

    const contact = card(page, 'Contact data')
    await editAndSave(contact, async () => {
      await contact.getByLabel('Email').fill('jan@example.com')
      await contact.getByLabel('Phone number').fill('+48 600 000 000')
    })

    const invoice = card(page, 'Invoice data')
    await editAndSave(invoice, async () => {
      await invoice.getByRole('button', { name: 'Get from Primary data' }).click()
      await expect.poll(() => invoice.getByLabel('Company name *').inputValue()).toBe('Kowalski Consulting')
      const invoiceAddress = invoice.getByRole('group', { name: 'Invoice address' })
      await invoiceAddress.getByLabel('City').fill('Warszawa')
      await invoiceAddress.getByLabel('Post code').fill('00-950')
    })
    await screenshot(page, 'company')

    await page.reload()
    await expect.poll(() => card(page, 'Primary data').getByText('526-025-02-74').count()).toBe(1)
    await expect.poll(() => card(page, 'Addresses').getByText('00-950').count()).toBe(1)
    await expect.poll(() => card(page, 'Contact data').getByText('jan@example.com').count()).toBe(1)
    await expect.poll(() => card(page, 'Invoice data').getByText('Kowalski Consulting').count()).toBe(1)
    const invoiceRecord = await api<Rec>('config/GetByType/Invoice')
    expect(invoiceRecord.body.dataObject).toMatchObject({ nip: '526-025-02-74', regon: '123456785' })
  })

  it('sets VAT, PIT (Linear) and social security', async () => {
    const { page } = app
    await page.goto(`${app.server.url}/companydashboard/fees`)
    await page.getByRole('link', { name: /Taxes/ }).click()

    const vat = card(page, 'Set current VAT tax')
    await editAndSave(vat, async () => {
      await vat.getByLabel('Date *').fill('2026-01-01')
      await vat.getByRole('button', { name: 'Fill statutory values' }).click()
      await vat.getByLabel('Payment interval *').selectOption('1')
    })

    const pit = card(page, 'Set current PIT tax')
    await editAndSave(pit, async () => {
      // The date through the picker: open it, go to January with the keyboard, choose the 1st.
      await pit.getByRole('button', { name: 'Choose date' }).click()
      const grid = pit.getByRole('grid')
      await grid.locator('[tabindex="0"]').focus()
      const shownDate = await grid.locator('[tabindex="0"]').getAttribute('data-date')
      const months = (Number(shownDate?.slice(0, 4)) - 2026) * 12 + Number(shownDate?.slice(5, 7)) - 1
      for (let i = 0; i < months; i++) await page.keyboard.press('PageUp')
      for (let i = 0; i < 31; i++) await page.keyboard.press('ArrowLeft')
      const focused = await grid.locator('[tabindex="0"]').getAttribute('data-date')
      expect(focused?.slice(0, 7)).toMatch(/^2025-12|^2026-01/)
      await grid.locator('[data-date="2026-01-01"]').click()
      await expect.poll(() => pit.getByLabel('Date *').inputValue()).toBe('2026-01-01')
      await pit.getByLabel('Tax type *').selectOption('Linear')
      await pit.getByLabel('Payment interval *').selectOption('1')
      await pit.getByRole('button', { name: 'Fill statutory values' }).click()
      await expect.poll(() => pit.getByLabel(/Tax rate/).inputValue()).toBe('19')
    })
    await expect.poll(() => pit.getByText('Linear · 19%').count()).toBe(1)
    await screenshot(page, 'taxes')

    await page.goto(`${app.server.url}/companydashboard/fees/socialsecurity`)
    const ss = card(page, 'Set current Social Security amount')
    await editAndSave(ss, async () => {
      await ss.getByLabel('Date *').fill('2026-01-01')
      await ss.getByRole('button', { name: 'Fill full ZUS' }).click()
      await expect.poll(() => ss.getByLabel(/Health insurance percent/).inputValue()).toBe('4.9')
    })
    await screenshot(page, 'social-security')

    const pitRecord = await api<Rec>('fee/GetByType/Pit')
    expect(pitRecord.body.dataObject).toMatchObject({ taxType: 'Linear', firstPercent: '19', paymentInterval: 1 })
    const ssRecord = await api<Rec>('fee/GetByType/SocialSecurity')
    expect(ssRecord.body.dataObject).toMatchObject({ date: '2026-01-01', percent: '4.9' })
    expect(String(ssRecord.body.dataObject.amount)).toMatch(/^\d+\.\d{2}$/)
  })

  it('adds a recurring company income and fixed private expenses, edits one, deletes one, and keeps it after reload', async () => {
    const { page } = app
    await page.goto(`${app.server.url}/companydashboard/revenues`)
    await page.getByRole('link', { name: /Recurring/ }).click()
    const incomeForm = page.getByRole('form', { name: 'Add Recuring Income' })
    await incomeForm.getByLabel('Date *').fill('2026-01-10')
    await incomeForm.getByLabel('Name *').fill('Consulting')
    await incomeForm.getByLabel('Net amount *').fill('10,000.00')
    await incomeForm.getByLabel('Repetitions *').fill('12')
    await incomeForm.getByLabel('Company income').check()
    await expect.poll(() => incomeForm.getByLabel(/VAT percent/).inputValue()).toBe('23')
    await expect.poll(() => incomeForm.getByLabel('Invoice Date').inputValue()).toBe('2026-01-10')
    await incomeForm.getByRole('button', { name: 'Add Recuring Income' }).click()
    await expect.poll(() => page.getByText('Income added').count()).toBe(1)
    const consulting = card(page, 'Consulting', 3)
    await expect.poll(() => consulting.getByText(/PLN\s12,300\.00/).count()).toBe(1) // sum with 23 % VAT
    await screenshot(page, 'revenues-recurring')

    await page.goto(`${app.server.url}/companydashboard/fees/fixed`)
    const expenseForm = page.getByRole('form', { name: 'Add One Time Expense' })
    for (const [name, amount, enter] of [
      ['Laptop bag', '250', false],
      ['Coffee', '12.50', true],
    ] as const) {
      await expenseForm.getByLabel('Date *').fill('2026-02-05')
      await expenseForm.getByLabel('Name *').fill(name)
      await expenseForm.getByLabel('Net amount *').fill(amount)
      if (enter) await expenseForm.getByLabel('Net amount *').press('Enter')
      else await expenseForm.getByRole('button', { name: 'Add One Time Expense' }).click()
      await expect.poll(() => card(page, name, 3).count()).toBe(1)
    }
    // Added with Enter: the focus stays in the form, on its first field, ready for the next entry (not on the page).
    await expect
      .poll(() => expenseForm.getByLabel('Date *').evaluate((field) => field === document.activeElement))
      .toBe(true)

    const bag = card(page, 'Laptop bag', 3)
    await editAndSave(bag, async () => {
      await bag.getByLabel('Net amount *').fill('260.40')
    })
    await expect.poll(() => bag.getByText(/PLN\s260\.40/).count()).toBeGreaterThan(0)

    await card(page, 'Coffee', 3).getByRole('button', { name: 'Delete Coffee' }).click()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.getByText('This item will be deleted. Do you confirm?').count()).toBe(1)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => card(page, 'Coffee', 3).count()).toBe(1)
    await card(page, 'Coffee', 3).getByRole('button', { name: 'Delete Coffee' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click()
    await expect.poll(() => card(page, 'Coffee', 3).count()).toBe(0)
    await screenshot(page, 'fees-fixed')

    await page.reload()
    await expect
      .poll(() =>
        card(page, 'Laptop bag', 3)
          .getByText(/PLN\s260\.40/)
          .count(),
      )
      .toBeGreaterThan(0)
    await expect.poll(() => card(page, 'Coffee', 3).count()).toBe(0)
    const expenses = await api<Rec[]>('fee/GetListByType/Expense')
    expect(expenses.body.map((r) => [r.dataObject.name, r.dataObject.amount])).toEqual([['Laptop bag', '260.40']])
    expect(expenses.body[0]?.dataObject).not.toHaveProperty('repetitions')
    const incomes = await api<Rec[]>('revenue/GetListByType/RecurringIncome')
    expect(incomes.body[0]?.dataObject).toMatchObject({
      name: 'Consulting',
      amount: '10000.00',
      isCompany: true,
      percent: '23',
      invoiceDate: '2026-01-10',
      repetitions: 12,
    })
  })

  it('shows the same data in Polish with Polish number formatting', async () => {
    const { page } = app
    await app.context.addCookies([{ name: 'finance_lang', value: 'pl', url: app.server.url }])
    await page.goto(`${app.server.url}/companydashboard/company`)
    await expect.poll(() => card(page, 'Dane podstawowe').getByText('Kowalski Consulting').count()).toBe(1)
    await screenshot(page, 'company-pl')
    await page.goto(`${app.server.url}/companydashboard/revenues/recurring`)
    const consulting = card(page, 'Consulting', 3)
    await expect.poll(() => consulting.getByText('12\u00a0300,00 zł').count()).toBe(1)
    await screenshot(page, 'revenues-recurring-pl')
  })
})
