/**
 * The art. 91 correction of a fixed asset's input tax when its use changes: the periods (5 years, 10 for real
 * estate), 1/5 a year in January of the next year, the one-off correction of an asset of at most 15 000 zł, and the
 * whole path from a purchase turned into an asset to the register's K_44 and the declaration's P_44.
 */
import { describe, expect, it } from 'vitest'
import { AssetMessages } from '../deciders/assets.ts'
import { AssetVatUseMessages } from '../deciders/assetVatUse.ts'
import { vatFiling } from '../projections/vatRegister.ts'
import { validateRecord } from '../schemas/validate.ts'
import { income, pitSetting, vatSetting } from '../testing/fixtures.ts'
import { addItem, given, runCommands } from '../testing/given.ts'
import { foldBooks } from '../model/evolve.ts'
import { assetVatBooks, derive, taxesThrough } from '../projections/derived.ts'
import type { LedgerEvent } from '../events.ts'
import { assetVatCorrections, assetVatView, correctionYears } from './assetVatUse.ts'

const laptop = { kst: '491', entryDate: '2026-03-10', initialValue: '20000.00' }
const change = (date: string, taxedPercent: string, previousPercent = '100', inputVat = '4600.00') => ({
  date,
  taxedPercent,
  previousPercent,
  inputVat,
})

describe('the corrections of a change of use', () => {
  it('5 years for equipment, 10 for real estate (KŚT groups 0–2)', () => {
    expect(correctionYears('491')).toBe(5)
    expect(correctionYears('803')).toBe(5)
    expect(correctionYears('110')).toBe(10)
    expect(correctionYears('211')).toBe(10)
  })

  it('above 15 000 zł: 1/5 of the tax a year, from the year of the change to the end of the period, each in January', () => {
    expect(assetVatCorrections(laptop, [change('2027-06-01', '0')])).toEqual([
      { month: '2028-01', year: 2027, amount: -92000n },
      { month: '2029-01', year: 2028, amount: -92000n },
      { month: '2030-01', year: 2029, amount: -92000n },
      { month: '2031-01', year: 2030, amount: -92000n },
    ])
    // Back to taxed use in 2029: +920 for 2029 and 2030.
    const both = assetVatCorrections(laptop, [change('2027-06-01', '0'), change('2029-02-01', '100', '0')])
    expect(both.filter((c) => c.month >= '2030-01').map((c) => c.amount)).toEqual([-92000n, 92000n, -92000n, 92000n])
    // A half share: 1/5 × 4 600 × 50 % = 460.
    expect(assetVatCorrections(laptop, [change('2030-12-31', '50')])).toEqual([
      { month: '2031-01', year: 2030, amount: -46000n },
    ])
    // After the period: nothing.
    expect(assetVatCorrections(laptop, [change('2031-01-01', '0')])).toEqual([])
  })

  it('at most 15 000 zł: once, in the period of the change, within 12 months of entry; later none', () => {
    const cheap = { ...laptop, initialValue: '15000.00' }
    expect(assetVatCorrections(cheap, [change('2027-03-20', '0', '100', '3450.00')])).toEqual([
      { month: '2027-03', year: 2027, amount: -345000n },
    ])
    expect(assetVatCorrections(cheap, [change('2027-04-01', '0', '100', '3450.00')])).toEqual([])
  })
})

describe('a sale or a transfer within the period (art. 91 ust. 4–5)', () => {
  const exempt = [change('2027-06-01', '0')]
  it('taxed: the yearly corrections stop before its year and the years left are corrected to the share deducted, 0', () => {
    // 2027 stays (January 2028); 2028–2030 count as wholly taxed use, as deducted at the purchase: nothing more.
    expect(assetVatCorrections(laptop, exempt, { date: '2028-09-10', taxed: true })).toEqual([
      { month: '2028-01', year: 2027, amount: -92000n },
    ])
  })

  it('exempt: the years left at once in the month of the sale, 3 × 4 600 × (0 − 100 %) / 5 = −2 760', () => {
    expect(assetVatCorrections(laptop, exempt, { date: '2028-09-10', taxed: false })).toEqual([
      { month: '2028-01', year: 2027, amount: -92000n },
      { month: '2028-09', year: 2028, amount: -276000n, forRemainingYears: true },
    ])
  })

  it('deducted in part: a taxed sale gives back the part not deducted for the years left', () => {
    // Deducted at 40 %, then 60 % from 2027 (+1/5 × 4 600 × 20 % = +184 a year); sold with VAT in March 2029:
    // 2027 and 2028 as changed, 2029 and 2030 as wholly taxed: 2 × 4 600 × 60 % / 5 = +1 104.
    const partial = [change('2027-01-01', '60', '40')]
    expect(assetVatCorrections(laptop, partial, { date: '2029-03-05', taxed: true })).toEqual([
      { month: '2028-01', year: 2027, amount: 18400n },
      { month: '2029-01', year: 2028, amount: 18400n },
      { month: '2029-03', year: 2029, amount: 110400n, forRemainingYears: true },
    ])
  })

  it('changes nothing after the period, for an asset of at most 15 000 zł, or without a change of use', () => {
    expect(assetVatCorrections(laptop, exempt, { date: '2031-02-01', taxed: false })).toEqual(
      assetVatCorrections(laptop, exempt),
    )
    const cheap = { ...laptop, initialValue: '15000.00' }
    const once = [change('2027-03-20', '0', '100', '3450.00')]
    expect(assetVatCorrections(cheap, once, { date: '2027-05-01', taxed: false })).toEqual(
      assetVatCorrections(cheap, once),
    )
    expect(assetVatCorrections(laptop, [], { date: '2027-05-01', taxed: false })).toEqual([])
  })
})

const ev = (type: string, data: unknown) => ({ type, data }) as LedgerEvent
const purchase = () => {
  const v = validateRecord(
    'Expense',
    income({ date: '2026-03-10', name: 'Laptop', amount: '20000.00', documentNumber: 'FS 1/2026' }),
  )
  if (!v.ok) throw new Error(JSON.stringify(v.errors))
  return ev('ItemAdded', { id: 2, dataType: 'Expense', data: v.value })
}
const books = [ev('SettingAdded', { id: 1, kind: 'Vat', data: vatSetting({ date: '2025-01-01' }) }), purchase()]

describe('from a purchase to the declaration', () => {
  const { events, state } = runCommands(
    [
      { type: 'EnterAsset', data: { itemId: 2, kst: '491' } },
      { type: 'ChangeAssetVatUse', id: 3, data: { date: '2027-06-01', taxedPercent: '0' } },
    ],
    books,
  )

  it('the purchase turned into an asset is a fixed asset’s purchase: K_40 / K_41, P_40 / P_41', () => {
    const march = vatFiling(state, '2026-03')!
    expect(march.purchases.map((r) => r.fields)).toEqual([{ K_40: 2000000n, K_41: 460000n }])
    const d = march.period.declaration
    expect([d.P_40, d.P_41, d.P_42, d.P_43, d.P_48]).toEqual([2000000n, 460000n, 0n, 0n, 460000n])
  })

  it('the change takes the tax and the share from the purchase; January 2028 carries −920 in K_44 and P_44', () => {
    expect(events.at(-1)).toEqual({
      type: 'AssetVatUseChanged',
      data: { id: 3, data: { date: '2027-06-01', taxedPercent: '0', previousPercent: '100', inputVat: '4600.00' } },
    })
    const january = vatFiling(state, '2028-01')!
    expect(january.purchases.map((r) => [r.documentType, r.fields])).toEqual([['WEW', { K_44: -92000n }]])
    const d = january.period.declaration
    // The March 2026 excess of 4 600 is still carried (P_39): 4 600 − 920 = 3 680 to deduct.
    expect([d.P_39, d.P_44, d.P_48, d.P_51]).toEqual([460000n, -92000n, 368000n, 0n])
  })

  it('keeps P_44 as it is through later writes when the correction month also buys a fixed asset', () => {
    // January 2028 carries the correction and a second asset's purchase: each write's run of the engine must not
    // add the correction again to the month's figures the books share between their states.
    const printer = income({ date: '2028-01-15', name: 'Printer', amount: '20000.00', documentNumber: 'FS 1/2028' })
    const bought = runCommands([addItem('Expense', printer)], events)
    const item = [...bought.state.records.values()].find((r) => (r.data as { name?: string }).name === 'Printer')!
    let { state: later } = runCommands([{ type: 'EnterAsset', data: { itemId: item.id, kst: '491' } }], bought.events)
    // The declaration as the month's VAT row and the reminders read it: the engine's run over the books.
    const p44 = () => taxesThrough(later, '2028-12')!.result.vat.find((p) => p.from === '2028-01')!.declaration.P_44
    expect(vatFiling(later, '2028-01')!.period.declaration.P_44).toBe(-92000n)
    expect(p44()).toBe(-92000n)
    // Three later writes folded onto the books, each followed by a run of the engine.
    for (const day of [10, 11, 12]) {
      const paper = validateRecord('Expense', income({ date: `2028-05-${day}`, name: 'Paper', amount: '100.00' }))
      if (!paper.ok) throw new Error(JSON.stringify(paper.errors))
      later = foldBooks([ev('ItemAdded', { id: 100 + day, dataType: 'Expense', data: paper.value })], later)
      expect(p44()).toBe(-92000n)
    }
    expect(derive(later).figures.get('2028-01')?.assetVat).toEqual({ base: 2000000n, vat: 460000n, correction: 0n })
    // A write into January itself makes the engine compute its declaration again from those figures.
    const toner = validateRecord('Expense', income({ date: '2028-01-20', name: 'Toner', amount: '100.00' }))
    if (!toner.ok) throw new Error(JSON.stringify(toner.errors))
    later = foldBooks([ev('ItemAdded', { id: 200, dataType: 'Expense', data: toner.value })], later)
    expect(p44()).toBe(-92000n)
  })

  it('refuses a change that is no change, before the entry, after the period, or without a share', () => {
    const state1 = runCommands([{ type: 'EnterAsset', data: { itemId: 2, kst: '491' } }], books)
    const g = given(state1.events)
    const refused: [Record<string, string>, Record<string, string>][] = [
      [{ date: '2027-06-01', taxedPercent: '100' }, { taxedPercent: AssetVatUseMessages.unchanged }],
      [{ date: '2026-01-01', taxedPercent: '0' }, { date: AssetVatUseMessages.beforeEntry }],
      [{ date: '2031-01-01', taxedPercent: '0' }, { date: AssetVatUseMessages.afterPeriod }],
      [{ date: '2027-06-01', taxedPercent: '120' }, { taxedPercent: AssetVatUseMessages.percent }],
    ]
    for (const [data, messages] of refused)
      g.when({ type: 'ChangeAssetVatUse', id: 3, data }).thenFails('VALIDATION', messages)
    g.when({ type: 'ChangeAssetVatUse', id: 99, data: { date: '2027-06-01', taxedPercent: '0' } }).thenFails(
      'NOT_FOUND',
    )
  })
})

describe('a sale after a change of use, to the declaration', () => {
  const changed = runCommands(
    [
      { type: 'EnterAsset', data: { itemId: 2, kst: '491' } },
      { type: 'ChangeAssetVatUse', id: 3, data: { date: '2027-06-01', taxedPercent: '0' } },
    ],
    books,
  ).events
  const sold = (setting: LedgerEvent[]) =>
    runCommands(
      [
        {
          type: 'DisposeAsset',
          id: 3,
          data: {
            date: '2028-09-10',
            reason: 'sale',
            price: '8000.00',
            changeOfActivity: false,
            document: 'FV 9/2028',
          },
        },
      ],
      [...changed, ...setting],
    ).state
  const k44 = (state: ReturnType<typeof sold>, month: string) =>
    vatFiling(state, month)!
      .purchases.filter((r) => r.documentType === 'WEW')
      .map((r) => r.fields.K_44)

  it('with VAT: K_44 −920 in January 2028 only; none in September 2028 nor in the Januaries after', () => {
    const state = sold([])
    expect(k44(state, '2028-01')).toEqual([-92000n])
    for (const month of ['2028-09', '2029-01', '2030-01', '2031-01']) expect(k44(state, month)).toEqual([])
  })

  it('while exempt (zw from 1 July 2028): September 2028 corrects the years left, K_44 and P_44 −2 760', () => {
    const zw = ev('SettingAdded', { id: 50, kind: 'Vat', data: vatSetting({ date: '2028-07-01', percent: 'zw' }) })
    const state = sold([zw])
    expect(k44(state, '2028-09')).toEqual([-276000n])
    expect(k44(state, '2029-01')).toEqual([])
    expect(taxesThrough(state, '2028-12')!.result.vat.find((p) => p.from === '2028-09')!.declaration.P_44).toBe(
      -276000n,
    )
  })
})

describe('an exempt sale of an asset bought with its VAT deducted in full, no change of use recorded', () => {
  const entered = runCommands([{ type: 'EnterAsset', data: { itemId: 2, kst: '491' } }], books).events
  const sale = (extra: Record<string, unknown>) => ({
    type: 'DisposeAsset' as const,
    id: 3,
    data: { date: '2028-09-10', reason: 'sale', price: '8000.00', changeOfActivity: false, document: 'FV 9', ...extra },
  })
  const k44 = (state: ReturnType<typeof foldBooks>, month: string) =>
    vatFiling(state, month)!
      .purchases.filter((r) => r.documentType === 'WEW')
      .map((r) => r.fields.K_44)

  it('exempt (art. 43): the purchase’s 4 600 for 2028–2030 at once in September 2028, 3 × −920 = −2 760', () => {
    const { state, events } = runCommands([sale({ vatExempt: true })], entered)
    expect(events.at(-1)).toMatchObject({ type: 'AssetDisposed', data: { data: { vatExempt: true } } })
    expect(k44(state, '2028-09')).toEqual([-276000n])
    expect(assetVatView(state.assets, 3, assetVatBooks(state))!.corrections).toEqual([
      { month: '2028-09', year: 2028, amount: '-2760.00', forRemainingYears: true },
    ])
  })

  it('taxed: nothing to correct, the tax was deducted as the asset was used', () => {
    const { state } = runCommands([sale({})], entered)
    expect(k44(state, '2028-09')).toEqual([])
    expect(assetVatView(state.assets, 3, assetVatBooks(state))!.corrections).toEqual([])
  })

  it('refuses an exemption on anything but a sale, and one that is not true or false', () => {
    const g = given(entered)
    g.when({
      type: 'DisposeAsset',
      id: 3,
      data: { date: '2028-09-10', reason: 'liquidation', price: '0', vatExempt: true, changeOfActivity: false },
    }).thenFails('VALIDATION', { vatExempt: AssetMessages.vatExemptOnlySale })
    g.when(sale({ vatExempt: 'yes' })).thenFails('VALIDATION', { vatExempt: AssetMessages.vatExemptFlag })
  })

  it('refuses a change of the kind of activity that is not true or false, never reading it as false', () => {
    const g = given(entered)
    for (const changeOfActivity of ['true', 'yes', 1])
      g.when(sale({ reason: 'liquidation', price: '0', changeOfActivity })).thenFails('VALIDATION', {
        changeOfActivity: AssetMessages.changeOfActivityFlag,
      })
  })
})

describe('a transfer to private use with output VAT (uVAT art. 7 ust. 2)', () => {
  // The laptop of 20 000 + 4 600 VAT, deducted in March 2026, taken home on 15 June 2027, worth 9 000 zł that day.
  const withPit = [...books, ev('SettingAdded', { id: 9, kind: 'Pit', data: pitSetting({ date: '2026-01-01' }) })]
  const entered = runCommands([{ type: 'EnterAsset', data: { itemId: 2, kst: '491' } }], withPit)
  const id = (entered.events.at(-1)!.data as { id: number }).id
  const transfer = (data: Record<string, unknown>) =>
    runCommands(
      [{ type: 'DisposeAsset', id, data: { date: '2027-06-15', reason: 'privateUse', ...data } }],
      entered.events,
    )

  it('is a sale of an internal document in the month of the transfer: 9 000 × 23 % = 2 070 in K_19 / K_20 and P_19 / P_20', () => {
    const { events, state } = transfer({ price: '9000', vatRate: '23', document: 'WEW 1/2027' })
    expect(events.at(-1)).toEqual({
      type: 'AssetDisposed',
      data: {
        id,
        data: {
          date: '2027-06-15',
          reason: 'privateUse',
          price: '9000.00',
          vatRate: '23',
          changeOfActivity: false,
          document: 'WEW 1/2027',
        },
      },
    })
    const june = vatFiling(state, '2027-06')!
    expect(june.sales.map((r) => [r.documentType, r.documentNumber, r.issueDate, r.counterparty, r.fields])).toEqual([
      ['WEW', 'WEW 1/2027', '2027-06-15', null, { K_19: 900000n, K_20: 207000n }],
    ])
    const d = june.period.declaration
    // The 4 600 deducted in March 2026 is still carried (P_39): 4 600 − 2 070 = 2 530 carried on, nothing to pay.
    expect([d.P_19, d.P_20, d.P_38, d.P_39, d.P_51, d.P_62]).toEqual([900000n, 207000n, 207000n, 460000n, 0n, 253000n])
    // No PIT: the transfer is no revenue and its VAT no cost; the advances equal those of a transfer without VAT.
    const pit = (s: typeof state) => taxesThrough(s, '2027-12')!.result.pit
    expect(pit(state)).toEqual(pit(transfer({ price: '9000' }).state))
    expect(pit(state).some((p) => p.from <= '2027-06' && '2027-06' <= p.to)).toBe(true)
  })

  it('at 8 % on the fields of that rate, rounded half up: 1 234.56 × 8 % = 98.7648 → 98.76', () => {
    const june = vatFiling(transfer({ price: '1234.56', vatRate: 8 }).state, '2027-06')!
    expect(june.sales.map((r) => r.fields)).toEqual([{ K_17: 123456n, K_18: 9876n }])
  })

  it('without a VAT rate carries no VAT (the input VAT was not deducted): no sales row', () => {
    const { state } = transfer({})
    expect(vatFiling(state, '2027-06')!.sales).toEqual([])
    expect(derive(state).figures.get('2027-06')?.outputVat ?? 0n).toBe(0n)
  })

  it('refuses VAT on a sale or a liquidation, an unknown rate, and a rate without the value', () => {
    const g = given(entered.events)
    const dispose = (data: Record<string, unknown>) =>
      g.when({ type: 'DisposeAsset', id, data: { date: '2027-06-15', ...data } })
    dispose({ reason: 'sale', price: '9000', vatRate: '23' }).thenFails('VALIDATION', {
      vatRate: AssetMessages.vatRateOnlyPrivateUse,
    })
    dispose({ reason: 'liquidation', vatRate: '23' }).thenFails('VALIDATION', {
      vatRate: AssetMessages.vatRateOnlyPrivateUse,
    })
    dispose({ reason: 'privateUse', price: '9000', vatRate: '22' }).thenFails('VALIDATION', {
      vatRate: AssetMessages.vatRate,
    })
    dispose({ reason: 'privateUse', vatRate: '23' }).thenFails('VALIDATION', { price: AssetMessages.vatBase })
    dispose({ reason: 'privateUse', price: '0', vatRate: '23' }).thenFails('VALIDATION', {
      price: AssetMessages.vatBase,
    })
  })

  it('refuses VAT on a transfer while exempt (zw) or before any VAT setting: such a supply carries none', () => {
    const exempt = [
      ...entered.events,
      ev('SettingAdded', { id: 20, kind: 'Vat', data: vatSetting({ date: '2027-01-01', percent: 'zw' }) }),
    ]
    const data = { date: '2027-06-15', reason: 'privateUse', price: '9000', vatRate: '23' }
    given(exempt).when({ type: 'DisposeAsset', id, data }).thenFails('VALIDATION', {
      vatRate: AssetMessages.vatRateNotPayer,
    })
    given(entered.events)
      .when({ type: 'DisposeAsset', id, data: { ...data, date: '2024-12-31' } })
      .thenFails('VALIDATION', { vatRate: AssetMessages.vatRateNotPayer, date: AssetMessages.beforeEntry })
    // Without VAT the same transfer is taken.
    expect(transfer({}).events.at(-1)?.type).toBe('AssetDisposed')
  })
})
