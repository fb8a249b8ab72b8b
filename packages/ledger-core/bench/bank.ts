/**
 * Bank statements (`npm run bench -- ledger-core`): five years of monthly statements, 50 000 lines, imported and
 * matched by the decider (a company with VAT, PIT and ZUS settings and invoices the lines pay, so the matcher has
 * work), then the same statements imported again (nothing added), then the month view after the import.
 */
import type { BankStatementLineInput } from '../src/bank/commands.ts'
import { line, statement } from '../src/bank/testing.ts'
import { bankOverview } from '../src/bank/views.ts'
import { decide } from '../src/decide.ts'
import { foldBooks, initialBooks, isDomainError } from '../src/deciders/books.ts'
import type { BooksState } from '../src/model/state.ts'
import { formatMoney } from '../src/money.ts'
import { monthTransactions } from '../src/projections/month.ts'

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6
const pad = (n: number) => String(n).padStart(2, '0')

const exec = (state: BooksState, c: Record<string, unknown>): BooksState => {
  const out = decide({ at: '2026-12-31T00:00:00.000Z', userId: 'bench', ...c } as never, state)
  if (isDomainError(out)) throw new Error(JSON.stringify(out))
  return foldBooks(out, state)
}

export const run = async (): Promise<void> => {
  let books = initialBooks
  books = exec(books, {
    type: 'AddSetting',
    kind: 'Vat',
    data: { date: '2022-01-01', percent: '23', paymentInterval: 1 },
  })
  books = exec(books, {
    type: 'AddSetting',
    kind: 'Pit',
    data: { date: '2022-01-01', taxType: 'Linear', firstPercent: '19', paymentInterval: 1 },
  })
  books = exec(books, {
    type: 'AddSetting',
    kind: 'SocialSecurity',
    data: { date: '2022-01-01', amount: '1773.96', percent: '4.9' },
  })
  // Two invoices a month the lines pay by number.
  for (let y = 2022; y <= 2026; y++)
    for (let m = 1; m <= 12; m++)
      for (const n of [1, 2])
        books = exec(books, {
          type: 'AddItem',
          dataType: 'Income',
          data: {
            date: `${y}-${pad(m)}-10`,
            name: `Invoice ${n}/${m}/${y}`,
            amount: '1000.00',
            isCompany: true,
            percent: '23',
            invoiceDate: `${y}-${pad(m)}-10`,
            documentNumber: `FV/${n}/${pad(m)}/${y}`,
          },
        })
  // 60 monthly statements of ~833 lines.
  const statements = []
  let balance = 100_000_00n
  for (let y = 2022; y <= 2026; y++)
    for (let m = 1; m <= 12; m++) {
      const lines: BankStatementLineInput[] = []
      for (let i = 0; i < 833; i++) {
        const day = 1 + (i % 28)
        const paysInvoice = i < 2
        lines.push(
          line({
            bookingDate: `${y}-${pad(m)}-${pad(day)}`,
            amount: paysInvoice ? '1230.00' : `-${(i % 97) + 1}.${pad(i % 100)}`,
            title: paysInvoice ? `Zapłata FV/${i + 1}/${pad(m)}/${y}` : `Karta ${i} sklep ${i % 13}`,
          }),
        )
      }
      const opening = formatMoney(balance)
      for (const l of lines) balance += BigInt(l.amount.replace('.', ''))
      statements.push(
        statement(lines, {
          openingBalance: opening,
          openingDate: `${y}-${pad(m)}-01`,
          closingDate: `${y}-${pad(m)}-28`,
        }),
      )
    }
  const total = statements.reduce((s, x) => s + x.lines.length, 0)
  let t0 = process.hrtime.bigint()
  let state = books
  for (const s of statements) state = exec(state, { type: 'ImportBankStatement', statement: s })
  const importMs = ms(t0)
  const matched = state.bank.matches.size
  t0 = process.hrtime.bigint()
  let again = state
  for (const s of statements) {
    const out = decide(
      { at: '2026-12-31T00:00:00.000Z', userId: 'bench', type: 'ImportBankStatement', statement: s } as never,
      again,
    )
    if (isDomainError(out) || out.length > 0) throw new Error('a re-import added something')
    again = foldBooks(out, again)
  }
  const reimportMs = ms(t0)
  const viewBefore = (() => {
    const t = process.hrtime.bigint()
    monthTransactions({ ...books }, '2026-06', '2026-12-31')
    return ms(t)
  })()
  const viewAfter = (() => {
    const t = process.hrtime.bigint()
    monthTransactions({ ...state }, '2026-06', '2026-12-31')
    return ms(t)
  })()
  t0 = process.hrtime.bigint()
  const overview = bankOverview(state)
  const overviewMs = ms(t0)
  console.log(
    `bank: ${statements.length} statements, ${total.toLocaleString('en')} lines imported and matched in ${importMs.toFixed(0)} ms ` +
      `(${matched} matched, ${overview.gaps.length} gaps); re-import of all adds nothing in ${reimportMs.toFixed(0)} ms; ` +
      `overview ${overviewMs.toFixed(0)} ms; month view ${viewAfter.toFixed(1)} ms after the import vs ${viewBefore.toFixed(1)} ms before`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
