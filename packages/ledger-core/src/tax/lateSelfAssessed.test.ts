/**
 * The three-month condition of art. 86 ust. 10b pkt 2–3 and ust. 10g (docs/tax-rules.md §30): a WNT whose output
 * tax is shown within three months keeps its input tax in the same month; shown later, the output tax stays in its
 * month and the input tax moves to the declaration whose deadline has not passed. Golden through the engine and the
 * register, and the rule's edges.
 */
import { describe, expect, it } from 'vitest'
import { taxesThrough } from '../projections/derived.ts'
import { vatFiling } from '../projections/vatRegister.ts'
import { wntSpareParts } from '../testing/crossBorder.ts'
import { income } from '../testing/fixtures.ts'
import { type CommandInput, runCommands, vatAndLinearPit } from '../testing/given.ts'
import { lateInputMonth, threeMonthLimit } from './lateSelfAssessed.ts'

const settings = vatAndLinearPit()
/** Spare parts from Germany invoiced on 10 March 2026 (the WNT's tax point), 5 000 zł at 23 %. */
const wnt = (outputDeclaredOn: string | null): CommandInput => ({
  type: 'AddItem',
  dataType: 'Expense',
  data: income({ ...wntSpareParts, outputDeclaredOn }),
})
const vatOf = (state: ReturnType<typeof runCommands>['state'], m: string) =>
  taxesThrough(state, '2026-12')!.result.vat.find((p) => p.from === m)!

describe('golden §30: a WNT of March 2026', () => {
  it('shown in a correction on 20 June (within three months of 31 March): input and output both in March', () => {
    const { state } = runCommands([...settings, wnt('2026-06-20')])
    expect([vatOf(state, '2026-03').output, vatOf(state, '2026-03').input]).toEqual([115_000n, 115_000n])
    expect(vatOf(state, '2026-06').input).toBe(0n)
  })

  it('shown on 15 July (after 30 June): output 1 150 in March, to pay; input 1 150 in June, whose return is due 25 July', () => {
    const { state } = runCommands([...settings, wnt('2026-07-15')])
    const march = vatOf(state, '2026-03')
    expect([march.output, march.input]).toEqual([115_000n, 0n])
    expect(march.declaration.P_51).toBe(115_000n)
    expect(vatOf(state, '2026-06').input).toBe(115_000n)
    expect(vatOf(state, '2026-06').declaration.P_43).toBe(115_000n)
    const marchRegister = vatFiling(state, '2026-03')!
    expect(marchRegister.sales.map((r) => r.fields)).toEqual([{ K_23: 500_000n, K_24: 115_000n }])
    expect(marchRegister.purchases).toEqual([])
    expect(vatFiling(state, '2026-06')!.purchases.map((r) => [r.documentNumber, r.fields])).toEqual([
      ['RE 4411', { K_42: 500_000n, K_43: 115_000n }],
    ])
    expect(vatFiling(state, '2026-06')!.sales).toEqual([])
  })

  it('shown on 28 July (June’s return already due): the input goes to July', () => {
    const { state } = runCommands([...settings, wnt('2026-07-28')])
    expect([vatOf(state, '2026-06').input, vatOf(state, '2026-07').input]).toEqual([0n, 115_000n])
  })

  it('without the day (shown in time, the default) nothing moves', () => {
    const { state } = runCommands([...settings, wnt(null)])
    expect(vatOf(state, '2026-03').input).toBe(115_000n)
  })
})

describe('the rule', () => {
  it('three months after the end of the obligation month; not for import of goods (art. 33a) or domestic items', () => {
    expect(threeMonthLimit('2026-03')).toBe('2026-06-30')
    expect(threeMonthLimit('2026-11')).toBe('2027-02-28')
    expect(lateInputMonth('wnt', '2026-03', '2026-06-30')).toBeNull()
    expect(lateInputMonth('importServices', '2026-03', '2026-07-01')).toBe('2026-06')
    expect(lateInputMonth('buyerTaxpayerGoods', '2026-11', '2027-03-26')).toBe('2027-03')
    expect(lateInputMonth('importGoods', '2026-03', '2026-12-01')).toBeNull()
    expect(lateInputMonth(null, '2026-03', '2026-12-01')).toBeNull()
  })
})
