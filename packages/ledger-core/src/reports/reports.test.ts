import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { initialBooks } from '../deciders/books.ts'
import { income, pitSetting, recurring, ssSetting, vatSetting } from '../testing/fixtures.ts'
import { runCommands } from '../testing/given.ts'
import { ledgerJournal } from './journal.ts'
import { monthReport } from './month.ts'
import { yearReport } from './year.ts'

const books = () =>
  runCommands([
    { type: 'AddSetting', kind: 'Vat', data: vatSetting() },
    { type: 'AddSetting', kind: 'Pit', data: pitSetting() },
    { type: 'AddSetting', kind: 'SocialSecurity', data: ssSetting() },
    {
      type: 'AddItem',
      dataType: 'RecurringIncome',
      data: recurring({ date: '2026-01-10', name: 'Invoice 1', amount: '1000', repetitions: 2 }),
    },
    { type: 'AddItem', dataType: 'Expense', data: income({ date: '2026-01-15', name: 'Paper', amount: '100' }) },
    {
      type: 'AddItem',
      dataType: 'Expense',
      data: income({ date: '2026-02-02', name: 'Bread', amount: '10', isCompany: false, percent: '0' }),
    },
    {
      type: 'AddItem',
      dataType: 'Income',
      data: income({ date: '2026-02-03', name: 'Gift', amount: '50', isCompany: false, percent: '0' }),
    },
    { type: 'AddManualTransaction', data: { date: '2026-02-04', name: 'Cash; note', amount: '5', eventType: '2_Fee' } },
  ])

describe('monthReport', () => {
  it('gives plain rows and totals', () => {
    const { state } = books()
    const r = monthReport(state, '2026-02', '2026-02-21')
    expect(r.rows.map((x) => [x.type, x.name, x.gross, x.period, x.overdue])).toEqual([
      ['revenue', 'Gift', '50.00', '', false],
      ['revenue', 'Invoice 1', '1230.00', '', false],
      ['fee', 'Bread', '10.00', '', false],
      ['fee', 'Cash; note', '5.00', '', false],
      ['VAT', 'VAT 2026-01', '207.00', '2026-01', false],
      ['PIT', 'PIT 2026-01', '0.00', '2026-01', false],
      ['ZUS', 'ZUS 2026-01', '2241.72', '2026-01', true],
    ])
    expect(r.totals).toEqual({
      revenue: '1050.00',
      fees: '15.00',
      vat: '207.00',
      pit: '0.00',
      socialSecurity: '2241.72',
      // the month's ZUS as due, the same figure as the ZUS row (never a second, recomputed total)
      shortSocialSecurity: '2241.72',
      costSummary: '2448.72',
    })
    expect(r.summary.month).toBe(2)
  })
})

describe('yearReport', () => {
  it('gives month, cumulative and year rows and the year obligations', () => {
    const { state } = books()
    const r = yearReport(state, 2026)
    expect(r.months).toHaveLength(12)
    expect(r.cumulative[1]!.companyIncomeAmmount).toBe('2000.00')
    expect(r.total.month).toBe(0)
    expect(r.obligations[0]).toMatchObject({ kind: 'SocialSecurity', periodFrom: '2026-01', overdue: true })
  })
})

describe('ledgerJournal', () => {
  it('writes balanced entries with the documented accounts', () => {
    const { state } = books()
    const j = ledgerJournal(state, { from: '2026-01', to: '2026-01' })
    expect(j).toBe(
      [
        '2026-01-10 Invoice 1',
        '    assets:bank  1230.00 PLN',
        '    income:company  -1000.00 PLN',
        '    liabilities:vat  -230.00 PLN',
        '',
        '2026-01-15 Paper',
        '    expenses:company  100.00 PLN',
        '    liabilities:vat  23.00 PLN',
        '    assets:bank  -123.00 PLN',
        '',
      ].join('\n'),
    )
    expect(ledgerJournal(initialBooks)).toBe('')
    const feb = ledgerJournal(state, { from: '2026-02-01', to: '2026-02-28' })
    expect(feb).toContain('2026-02-04 Cash note\n    expenses:private  5.00 PLN')
    expect(feb).toContain('    income:private  -50.00 PLN')
    expect(feb).toContain('    expenses:taxes:zus  2241.72 PLN')
    expect(feb).not.toContain('expenses:taxes:pit')
  })

  it.skipIf(!existsSync('/usr/bin/hledger'))('hledger accepts the whole journal and agrees on the balances', () => {
    const { state } = books()
    const dir = mkdtempSync(join(tmpdir(), 'journal-'))
    const file = join(dir, 'books.journal')
    writeFileSync(file, ledgerJournal(state))
    // hledger refuses unbalanced entries, so a successful run proves every entry balances.
    const bal = (account: string, ...args: string[]) =>
      execFileSync('hledger', ['-f', file, 'balance', account, '-N', '--flat', ...args], { encoding: 'utf8' }).trim()
    // January: +1 230.00 sale − 123.00 purchase.
    expect(bal('assets:bank', '-e', '2026-02-01')).toMatch(/^1107\.00 PLN\s+assets:bank$/)
    // VAT to 1 March: −230 + 23 in January, −230 in February, the January VAT 207 paid on 25 February.
    expect(bal('liabilities:vat', '-e', '2026-03-01')).toMatch(/^-230\.00 PLN\s+liabilities:vat$/)
  })
})
