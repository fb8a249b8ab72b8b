// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * Browser journey of the bank statements in real Chromium against the real server: a monthly VAT payer's statement
 * (last month and the first day of this one) goes in; the VAT of last month, paid to the tax micro-account, is
 * matched on import; a client's transfer without an invoice number waits in the queue with a suggestion, which the
 * user accepts on the Bank screen; an invoice paid in part shows as a receivable; a file that is no statement is
 * refused with its reason; a match is undone; a PKO BP CSV export is imported once the user gives its account; and the
 * VAT card of this month's dashboard says the day and the amount paid.
 *
 * Seeded through the API: company data, VAT 23 % monthly; two company incomes last month, FV/1 (10 000 net) and FV/2
 * (5 000 net). The quarter's statements are three MT940 files (two months ago, last month, the first day of this
 * month) the user drops on the Bank screen.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { addMonthsToMonth, dateInPoland, taxMicroAccount } from '@finance/ledger-core'
import { ACCOUNT, line, statement } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { COMPANY, screenshot, seeder } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'bank-user@example.com'
const USER_PASSWORD = 'User#2026x'
const US = COMPANY.nip
const THIS_MONTH = dateInPoland(new Date()).slice(0, 7)
const LAST_MONTH = addMonthsToMonth(THIS_MONTH, -1)

let vatAmount = ''
/** The quarter's MT940 files (two months ago, last month, the first day of this one). */
const quarter: string[] = []

const money = (grosze: bigint) => {
  const abs = grosze < 0n ? -grosze : grosze
  return `${grosze < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
}

/** A statement as an MT940 file in mBank's `;`-free layout: balances, operations and their `:86:` titles. */
const mt940 = (s: ReturnType<typeof statement>): string => {
  const d = (iso: string) => iso.slice(2).replace(/-/g, '')
  const amt = (a: string) => a.replace('-', '').replace('.', ',')
  const bal = (a: string, on: string) => `${a.startsWith('-') ? 'D' : 'C'}${d(on)}PLN${amt(a)}`
  const rows = [
    `:20:${s.statementId}`,
    `:25:/${s.account}`,
    `:28C:${s.statementId}`,
    `:60F:${bal(s.openingBalance!, s.openingDate)}`,
  ]
  for (const l of s.lines) {
    rows.push(
      `:61:${d(l.bookingDate)}${l.bookingDate.slice(5).replace('-', '')}${l.amount.startsWith('-') ? 'D' : 'C'}${amt(l.amount)}NTRFNONREF`,
    )
    const account = l.counterpartyAccount ? `~38${l.counterpartyAccount}` : ''
    rows.push(
      `:86:020~00PRZELEW~20${l.title.slice(0, 35)}~21${l.title.slice(35, 70)}~27${l.counterpartyName ?? ''}${account}`,
    )
  }
  rows.push(`:62F:${bal(s.closingBalance!, s.closingDate)}`)
  return `${rows.join('\r\n')}\r\n`
}
const app = journey({ user: { email: USER_EMAIL, password: USER_PASSWORD }, english: true, seed })
const { call } = app

async function seed(user: string) {
  const books = seeder(call, user)
  await books.post('config', 'Primary', COMPANY)
  await books.vat(`${LAST_MONTH.slice(0, 4)}-01-01`)
  for (const [number, amount] of [
    ['FV/1', '10000.00'],
    ['FV/2', '5000.00'],
  ] as const)
    await books.income({
      date: `${LAST_MONTH}-05`,
      name: `Programming ${number}`,
      amount,
      invoiceDate: `${LAST_MONTH}-05`,
      documentNumber: number,
    })
  const obligations = (await call(user, 'GET', `transaction/obligations/${LAST_MONTH.slice(0, 4)}`)) as {
    transactionId: string
    amount: string
  }[]
  const vat = obligations.find((o) => o.transactionId === `vat-${LAST_MONTH}`)
  if (!vat) throw new Error(`no VAT for ${LAST_MONTH}: ${JSON.stringify(obligations)}`)
  vatAmount = vat.amount
  // The quarter's statements, one MT940 file a month, as the bank exports them; the user drops them on the screen.
  const q = (m: number) => addMonthsToMonth(THIS_MONTH, m)
  let balance = 2_000_000n
  const month = (n: number, from: string, to: string, lines: ReturnType<typeof line>[]) => {
    const s = statement(lines, {
      openingDate: from,
      closingDate: to,
      openingBalance: money(balance),
      statementId: `${n}`,
    })
    balance = BigInt(s.closingBalance!.replace('.', ''))
    return mt940(s)
  }
  quarter.push(
    month(1, `${q(-2)}-01`, `${q(-2)}-28`, [
      line({ bookingDate: `${q(-2)}-28`, amount: '-7.00', title: 'Opłata za prowadzenie rachunku' }),
    ]),
    month(2, `${q(-1)}-01`, `${q(-1)}-28`, [
      line({ bookingDate: `${LAST_MONTH}-15`, amount: '12300.00', title: 'Przelew', counterpartyName: 'ACME' }),
      line({ bookingDate: `${LAST_MONTH}-20`, amount: '3000.00', title: 'Zapłata FV/2 część' }),
    ]),
    month(3, `${q(-1)}-28`, `${THIS_MONTH}-01`, [
      line({
        bookingDate: `${THIS_MONTH}-01`,
        amount: `-${vat.amount}`,
        counterpartyAccount: taxMicroAccount(US)!,
        title: `/TI/N${US}/OKR/${LAST_MONTH.slice(2, 4)}M${LAST_MONTH.slice(5, 7)}/SFP/VAT7/`,
      }),
    ]),
  )
}

describe('bank statements', () => {
  it('imports a quarter of statement files, refuses a file that is no statement, and accepts a suggestion from the queue', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/companydashboard/bank`)
    await page.getByRole('heading', { name: 'Bank', exact: true }).waitFor()
    // The drop zone is disabled while the page loads: files set before then are ignored.
    await page.waitForSelector('.bank-page[aria-busy="false"]')
    const dir = mkdtempSync(join(tmpdir(), 'bank-e2e-'))
    const files = quarter.map((text, i) => {
      const file = join(dir, `wyciag-${i + 1}.sta`)
      writeFileSync(file, text)
      return file
    })
    await page.locator('input[type=file][data-testid="bank-files"]').setInputFiles(files)
    await page.getByText('Imported 3 of 3 files').waitFor()
    const report = await page.locator('.bank-report').innerText()
    for (const f of ['wyciag-1.sta', 'wyciag-2.sta', 'wyciag-3.sta']) expect(report).toContain(f)
    await page
      .getByText(ACCOUNT.replace(/(.{4})(?=.)/g, '$1 '))
      .first()
      .waitFor()
    await screenshot(page, 'bank-quarter-imported')
    // A file no parser reads is refused, whole, with its reason.
    const notes = join(dir, 'notes.txt')
    writeFileSync(notes, 'no statement here')
    await page.waitForSelector('.bank-page[aria-busy="false"]')
    await page.locator('input[type=file][data-testid="bank-files"]').setInputFiles([notes])
    await page.getByText('Not a bank statement in a supported format').waitFor()
    // The client's transfer waits with its suggestion; accepting it empties the queue.
    // The bank fee of two months ago waits too, without a suggestion.
    await page.getByText('To match (2)').waitFor()
    const queue = await page.locator('.bank-queue').innerText()
    expect(queue).toContain('same amount, close date')
    // The suggestion names the invoice as the books show it (name, date, amount), not by its id.
    expect(queue).toMatch(/Suggestion: Programming FV\/1, \d{1,2} \w{3} \d{4}, PLN/)
    expect(queue).not.toMatch(/\bi\d+-\d{4}-\d{2}\b/)
    await page.getByRole('button', { name: 'Accept' }).click()
    await page.getByText('To match (1)').waitFor()
    expect(await page.locator('.bank-queue').innerText()).toContain('Opłata za prowadzenie rachunku')
    // FV/2 is paid in part: a receivable shown as partly paid.
    const open = await page.locator('section[aria-labelledby="bank-open"]').innerText()
    expect(open).toContain('FV/2')
    expect(open).not.toContain('FV/1')
    expect(open).toMatch(/partly paid|overdue \d+ days/)
    await screenshot(page, 'bank-screen')
    // The bank fee is split: half a transfer between the user's accounts, the rest private.
    await page.getByRole('button', { name: 'Split' }).click()
    const split = page.locator('form.bank-split')
    const whole = await split.getByLabel('Part 1: amount').inputValue()
    const cents = Math.round(Number(whole.replace(',', '.')) * 100)
    await split.getByLabel('Part 1: what it pays').selectOption('transfer')
    await split.getByLabel('Part 1: amount').fill((Math.floor(cents / 2) / 100).toFixed(2))
    expect(await split.getByRole('status').innerText()).toContain('Left to assign')
    await split.getByRole('button', { name: 'Add a part' }).click()
    await split.getByLabel('Part 2: what it pays').selectOption('private')
    expect(await split.getByRole('status').innerText()).toContain("add up to the line's amount")
    await screenshot(page, 'bank-split')
    await split.getByRole('button', { name: 'Save the split' }).click()
    await page.getByText('Every line is matched.').waitFor()
    // The line says what it pays in words, as it was split: no internal kind or id.
    expect(await page.locator('section[aria-labelledby="bank-lines"]').innerText()).toContain(
      "a transfer between my accounts; private (not the business's)",
    )
    // The split is undone from the recent lines, after a confirmation: the fee waits in the queue again.
    await page.getByRole('button', { name: 'Undo the match of Opłata za prowadzenie rachunku' }).click()
    const confirm = page.getByRole('dialog', { name: 'Undo match' })
    expect(await confirm.innerText()).toContain('will be undone and the line goes back to the queue')
    await confirm.getByRole('button', { name: 'Undo match' }).click()
    await page.getByText('To match (1)').waitFor()
    expect(await page.locator('.bank-queue').innerText()).toContain('Opłata za prowadzenie rachunku')
  })

  it('imports a PKO BP CSV export, which names no account, once the user gives its account', async () => {
    const page = app.page
    await page.waitForSelector('.bank-page[aria-busy="false"]')
    const pko = fileURLToPath(new URL('../../books/test/fixtures/bank/pko.csv', import.meta.url))
    await page.locator('input[type=file][data-testid="bank-files"]').setInputFiles([pko])
    const form = page.getByRole('form', { name: 'The account of pko.csv' })
    await form.waitFor()
    // The books know the MT940 files' account; this export is of another one, typed in.
    await form.getByLabel('Account of this file').selectOption({ label: 'Another account…' })
    await form.getByLabel('Account number (NRB or IBAN)').fill('84 1020 1026 0000 1202 0345 6789')
    await form.getByRole('button', { name: 'Import with this account' }).click()
    await page.getByText('Imported 1 of 1 files').waitFor()
    await page.getByText('PL84 1020 1026 0000 1202 0345 6789').first().waitFor()
  })

  it('ticks the VAT row with the day and amount paid on this month’s dashboard', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/dashboard/monthly`)
    // The day paid as every date of the app reads it: "1 Nov 2026".
    const paidDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${THIS_MONTH}-01T00:00:00Z`),
    )
    await page.getByText(`paid ${paidDay},`).first().waitFor()
    expect(vatAmount).not.toBe('')
    await screenshot(page, 'bank-vat-paid')
  })
})
