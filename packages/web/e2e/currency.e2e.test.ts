/**
 * An income in euro in Chromium, Polish first: choosing EUR hides the złoty amount; the form says which NBP rate is
 * missing, takes the NBP's yearly archive file right there, then shows the VAT base and the revenue in złoty with the
 * table of the last working day before (Thursday 30 April for Monday 4 May 2026), and the saved card keeps the euro.
 * Screenshots at 1280 and 400 px in test-output/screenshots (item-currency-*.png).
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { filledForm, screenshot } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'currency-user@example.com'
const USER_PASSWORD = 'User#2026x'
const ARCHIVE = fileURLToPath(new URL('../../books/test/fixtures/nbp/archiwum_tab_a_2026.csv', import.meta.url))

const app = journey({ user: { email: USER_EMAIL, password: USER_PASSWORD, language: 'pl' } })

describe('an income in a foreign currency', () => {
  it('names the missing rate, imports the NBP archive in place, shows the złoty amounts and saves', async () => {
    const page = app.page
    const fields = { 'Data *': '2026-05-04', 'Nazwa *': 'Konsulting dla klienta z Niemiec' }
    const form = await filledForm(app, '/companydashboard/revenues/fixed', 'Dodaj przychód jednorazowy', fields)
    await form.getByLabel('Przychód firmowy').check()
    await form.getByLabel('Waluta').selectOption('EUR')
    await expect.poll(() => form.getByLabel('Kwota netto *').count()).toBe(0)
    await form.getByLabel('Kwota netto w EUR *').fill('1000')
    await expect
      .poll(() => form.getByRole('status').first().textContent())
      .toContain('Brak kursu średniego EUR w tabeli A NBP z dnia 30 kwi 2026')
    await form.getByLabel(/Zaimportuj archiwum tabel A lub B NBP/).setInputFiles(ARCHIVE)
    await expect.poll(() => form.textContent()).toContain('Zapisano tabel kursów NBP: 6')
    await expect.poll(() => form.textContent()).toMatch(/4234,50\s+zł — 4,2345\s+zł \(tabela 084\/A\/NBP\/2026/)
    await screenshot(page, 'item-currency')
    await form.locator('button[type="submit"]').click()
    const card = page.locator('.item-card', {
      has: page.getByRole('heading', { name: 'Konsulting dla klienta z Niemiec' }),
    })
    await expect.poll(() => card.textContent()).toContain('EUR')
    await expect.poll(() => card.textContent()).toContain('4234,50')
    await screenshot(page, 'item-currency-saved')
  })
})
