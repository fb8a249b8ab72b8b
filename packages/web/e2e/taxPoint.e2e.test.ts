/**
 * The item form's dates in Chromium, Polish first: ticking "Przychód firmowy" proposes the item's own date as the
 * invoice date, and a service performed the month before says, before saving, which month VAT and PIT count it in.
 * A licence bought from Ireland is entered as an import of services with its hint (VAT across borders).
 * Screenshots at 1280 and 400 px in test-output/screenshots (item-tax-months-*.png, item-cross-border-*.png).
 */
import { describe, expect, it } from 'vitest'
import { filledForm, screenshot } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'dates-user@example.com'
const USER_PASSWORD = 'User#2026x'

const app = journey({ user: { email: USER_EMAIL, password: USER_PASSWORD, language: 'pl' } })
const { call, tokenOf } = app

/** The one-time items' pages: their path, their form's name and the label of the box that makes an item the company's. */
const ONE_TIME = {
  income: ['/companydashboard/revenues/fixed', 'Dodaj przychód jednorazowy', 'Przychód firmowy'],
  expense: ['/companydashboard/fees/fixed', 'Dodaj wydatek jednorazowy', 'Koszt firmowy'],
} as const

/** Opens a one-time item's form, fills its date, name and net amount and marks the item as the company's. */
const companyItemForm = async (kind: keyof typeof ONE_TIME, date: string, item: string, net: string) => {
  const [path, name, company] = ONE_TIME[kind]
  const form = await filledForm(app, path, name, { 'Data *': date, 'Nazwa *': item, 'Kwota netto *': net })
  await form.getByLabel(company).check()
  return form
}

describe('the dates of a company item', () => {
  it('proposes the item’s date as the invoice date and shows the tax months before saving', async () => {
    const page = app.page
    const form = await companyItemForm('income', '2026-10-02', 'Audyt', '3000')
    await expect.poll(() => form.getByLabel('Data faktury').inputValue()).toBe('2026-10-02')
    await form.getByLabel('Data dostawy (jeśli inna)').fill('2026-09-30')
    const months = form.getByTestId('tax-months')
    await expect
      .poll(() => months.textContent())
      .toContain('VAT: rozliczenie za wrzesień 2026. PIT (lub ryczałt) i księga: za wrzesień 2026.')
    await screenshot(page, 'item-tax-months')
  })
})

describe('a purchase from abroad', () => {
  // docs/tax-rules.md §19.1: the buyer self-assesses the VAT of services bought abroad.
  it('is entered as an import of services, the form says what that means, and it is saved with its kind', async () => {
    const page = app.page
    const form = await companyItemForm('expense', '2026-03-05', 'Licencja', '1000')
    await form.getByLabel(/Stawka VAT/).fill('23')
    await form.getByText('Więcej szczegółów (księga podatkowa)').click()
    await form.getByLabel('Zakup z zagranicy').selectOption('importServices')
    await expect.poll(() => form.textContent()).toContain('VAT rozliczasz sam według stawki powyżej')
    await screenshot(page, 'item-cross-border')
    await form.getByRole('button', { name: 'Dodaj wydatek jednorazowy' }).click()
    const user = await tokenOf(USER_EMAIL, USER_PASSWORD)
    const expenses = () => call<{ dataObject: Record<string, unknown> }[]>(user, 'GET', 'fee/GetListByType/Expense')
    await expect.poll(async () => (await expenses()).length).toBe(1)
    expect((await expenses())[0]!.dataObject).toMatchObject({
      crossBorder: 'importServices',
      amount: '1000.00',
      percent: '23',
    })
  })
})
