/** `finance report annual` shows the return's common items typed in for the year, and what the law refused. */
import { executeBooks } from '@finance/books'
import type { LedgerCommand } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { run } from './helpers.ts'
import { ANNA, seedScenario } from './scenario.ts'

describe('report annual: the common items of the return', () => {
  it('lists IKZE and a loss deducted, and says why a joint filing on Linear is refused (pl, en)', async () => {
    const s = await seedScenario()
    const command = {
      type: 'SetAnnualInputs',
      at: '2026-03-20T10:00:00.000Z',
      userId: s.annaId,
      data: {
        year: 2026,
        ikze: '5000',
        losses: [{ year: 2024, amount: '8000' }],
        spouse: { jointFiling: true, income: '1000', advances: '0' },
      },
    } as LedgerCommand
    const done = await executeBooks(s.store, s.annaId, command, { correlationId: 'test' })
    expect('code' in done).toBe(false)
    const pl = await run(['report', 'annual', '2026', '--user', ANNA], { store: s.store })
    expect(pl.code).toBe(0)
    expect(pl.stdout).toMatch(/Wpłaty na IKZE odliczone\s+5000,00\n/)
    expect(pl.stdout).toMatch(/Strata z lat ubiegłych odliczona\s+4000,00\n/)
    expect(pl.stdout).toContain('Wspólne rozliczenie z małżonkiem przysługuje tylko przy skali podatkowej')
    const en = await run(['report', 'annual', '2026', '--user', ANNA, '--lang', 'en'], { store: s.store })
    expect(en.stdout).toMatch(/IKZE payments deducted\s+5,?000\.00\n/)
    expect(en.stdout).toContain('Joint filing with a spouse is only for the tax scale')
    const json = JSON.parse(
      (await run(['report', 'annual', '2026', '--user', ANNA, '--json'], { store: s.store })).stdout,
    )
    expect(json.inputs).toMatchObject({ year: 2026, ikze: '5000.00' })
    expect(json.annualReturn.items).toMatchObject({
      ikzeDeducted: '5000.00',
      lossDeducted: '4000.00',
      jointRefused: true,
    })
  })
})
