/**
 * `finance vat refund`: a machine bought in March gives an excess of input VAT; the command asks for part of it back
 * with a set-off, prints what the period allows (pl, en, JSON), refuses a bad amount naming the field and writes
 * nothing, and `--withdraw` takes it back. `report vat` shows P_54 and P_62 as the declaration has them.
 */
import { executeBooks, loadBooks } from '@finance/books'
import type { LedgerCommand } from '@finance/ledger-core'
import { formatAmount } from '@finance/ledger-core/format'
import { vatRefundView } from '@finance/ledger-core/light'
import { describe, expect, it } from 'vitest'
import { run } from './helpers.ts'
import { ANNA, seedScenario } from './scenario.ts'

const withMachine = async () => {
  const s = await seedScenario()
  const command = {
    type: 'AddItem',
    dataType: 'Expense',
    at: '2026-03-20T10:00:00.000Z',
    userId: s.annaId,
    data: { date: '2026-03-18', name: 'CNC machine', amount: '100000.00', isCompany: true, percent: '23' },
  } as LedgerCommand
  const done = await executeBooks(s.store, s.annaId, command, { correlationId: 'test' })
  expect('code' in done).toBe(false)
  return s
}

describe('vat refund', () => {
  it('asks for part of the excess with a set-off, prints the period, and withdraws it', async () => {
    const s = await withMachine()
    const json = await run(['vat', 'refund', '2026-03', '--user', ANNA, '--json'], { store: s.store })
    expect(json.code).toBe(0)
    const whole = JSON.parse(json.stdout)
    // No amount: the whole excess, in the general term of March 2026 (40 days).
    expect(whole.refund).toEqual({ amount: null, term: 'days40', offset: null })
    const excess = whole.period.excess as string
    expect(Number(excess)).toBeGreaterThan(10_000)
    expect(whole.period).toMatchObject({ from: '2026-03', to: '2026-03', refunded: excess, carried: '0.00' })

    const pl = await run(
      [
        'vat',
        'refund',
        '2026-03',
        '--user',
        ANNA,
        '--amount',
        '10000',
        '--term',
        'days25',
        '--offset-amount',
        '2000',
        '--offset-liability',
        'zaliczka PIT za kwiecień 2026',
      ],
      { store: s.store },
    )
    expect(pl.code).toBe(0)
    expect(pl.stdout).toContain('Zwrot VAT 2026-03 — anna@example.com')
    expect(pl.stdout).toMatch(
      /P_54 Do zwrotu: 10\s000,00 — P_56, 25 dni, do 2026-05-22 \(przy złożeniu deklaracji 2026-04-27\)/,
    )
    expect(pl.stdout).toContain('P_60 Na poczet przyszłych zobowiązań: 2000,00 — zaliczka PIT za kwiecień 2026')
    const report = await run(['report', 'vat', '2026-03', '--user', ANNA, '--lang', 'en'], { store: s.store })
    expect(report.stdout).toMatch(/P_54\s+Excess refunded to the taxpayer's account\s+10,000\.00/)

    const withdrawn = await run(['vat', 'refund', '2026-03', '--withdraw', '--user', ANNA, '--lang', 'en'], {
      store: s.store,
    })
    expect(withdrawn.stdout).toContain('No refund asked for: the excess is carried forward')
    const { state } = await loadBooks(s.store, s.annaId)
    expect(state.vatRefunds).toBeUndefined()
  })

  it('says a request in a period with tax to pay is recorded but waiting, not a refund', async () => {
    const s = await seedScenario()
    const pl = await run(['vat', 'refund', '2026-02', '--user', ANNA], { store: s.store })
    expect(pl.code).toBe(0)
    expect(pl.stdout).toContain('P_53 Nadwyżka podatku naliczonego: 0,00')
    expect(pl.stdout).toContain('Wniosek o zwrot zapisany, ale czeka')
    expect(pl.stdout).not.toContain('P_54')
  })

  it('refuses a bad amount and the 60-day term of 2026, naming the fields, and writes nothing', async () => {
    const s = await withMachine()
    const bad = await run(['vat', 'refund', '2026-03', '--user', ANNA, '--amount', '10.50', '--term', 'days60'], {
      store: s.store,
    })
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('Zwrotu nie zapisano:')
    expect(bad.stderr).toContain('amount: Zwrot musi być liczbą całkowitą złotych większą od 0')
    const en = await run(['vat', 'refund', '2026-03', '--user', ANNA, '--term', 'days60', '--lang', 'en'], {
      store: s.store,
    })
    expect(en.stderr).toContain('term: From February 2026 there is no 60-day refund: the general term is 40 days')
    // A month with no VAT period (before the books' VAT) has no declaration to ask in; --withdraw goes alone.
    const early = await run(['vat', 'refund', '2020-01', '--user', ANNA], { store: s.store })
    expect(early.code).toBe(1)
    expect(early.stderr).toContain('month: Brak okresu VAT dla tego miesiąca')
    const both = await run(['vat', 'refund', '2026-03', '--withdraw', '--amount', '100', '--user', ANNA], {
      store: s.store,
    })
    expect(both.code).toBe(2)
    expect(both.stderr).toContain('--withdraw nie łączy się z --amount')
    // Not a złoty above the period's excess (uVAT art. 87 ust. 1), as the API refuses it: the same plan.
    const excess = vatRefundView((await loadBooks(s.store, s.annaId)).state, '2026-03').period!.excess
    const above = String(Number(excess.slice(0, -3)) + 1)
    const over = await run(['vat', 'refund', '2026-03', '--user', ANNA, '--amount', above], { store: s.store })
    expect(over.code).toBe(1)
    expect(over.stderr).toContain(
      `amount: zwrot nie może przekraczać nadwyżki podatku naliczonego nad należnym z okresu, ${formatAmount('pl', excess)}`,
    )
    const { state } = await loadBooks(s.store, s.annaId)
    expect(state.vatRefunds).toBeUndefined()
  })
})
