/**
 * JPK_V7M(3) of the worked cross-border March 2026 (`crossBorderEvents`, ledger-core testing): valid against its
 * schema, each kind in its own K_ / P_ fields, the control sums and the declaration equal to the engine's.
 */
import { addMonthsToMonth, foldBooks, type LedgerEvent, vatFiling } from '@finance/ledger-core'
import { crossBorderEvents, income, itemAdded, runCommands, vatSetting } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { jpkV7File } from '../src/jpkV7.ts'
import { contact, primary } from '../src/testing/scenarios.ts'
import { validateXml } from '../src/validate.ts'

const all = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!)

const fileOf = (month: string) => {
  const filing = vatFiling(foldBooks(crossBorderEvents), month)!
  const result = jpkV7File({ filing, primary, contact, purpose: 1, createdAt: '2026-04-20T10:00:00Z' })
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return { filing, xml: result.xml, schema: result.schema }
}

describe('JPK_V7M of March 2026 across borders', () => {
  const { filing, xml, schema } = fileOf('2026-03')

  it('is valid against its schema', async () => {
    expect(schema).toBe('JPK_V7M(3)')
    expect(await validateXml(xml, schema)).toEqual({ valid: true, errors: [] })
  })

  it('writes the register fields of each kind', () => {
    expect(all(xml, 'K_29')).toEqual(['1000.00'])
    expect(all(xml, 'K_30')).toEqual(['230.00'])
    expect(all(xml, 'K_23')).toEqual(['5000.00'])
    expect(all(xml, 'K_24')).toEqual(['1150.00'])
    expect(all(xml, 'K_21')).toEqual(['8000.00'])
    expect(all(xml, 'K_22')).toEqual(['3000.00'])
    expect(all(xml, 'K_11')).toEqual(['4000.00'])
    expect(all(xml, 'K_12')).toEqual(['4000.00'])
    expect(all(xml, 'K_40')).toEqual(['6000.00'])
    expect(all(xml, 'K_41')).toEqual(['1380.00'])
    expect(all(xml, 'K_42')).toEqual(['1000.00', '5000.00', '500.00'])
    expect(all(xml, 'K_43')).toEqual(['230.00', '1150.00', '57.50'])
    // 2 300 + 1 150 + 230; 1 380 + 230 + 1 150 + 57.50
    expect(all(xml, 'PodatekNalezny')).toEqual(['3680.00'])
    expect(all(xml, 'PodatekNaliczony')).toEqual(['2817.50'])
    expect(all(xml, 'KodKrajuNadaniaTIN')).toEqual(['IE', 'DE', 'CZ', 'NL', 'IE', 'DE'])
  })

  it('declares the engine’s figures', () => {
    const d = filing.period.declaration
    for (const f of ['P_11', 'P_12', 'P_21', 'P_22', 'P_23', 'P_24', 'P_29', 'P_30', 'P_37', 'P_38'] as const)
      expect(all(xml, f)).toEqual([String(d[f] / 100n)])
    for (const f of ['P_40', 'P_41', 'P_42', 'P_43', 'P_48', 'P_51'] as const)
      expect(all(xml, f)).toEqual([String(d[f] / 100n)])
    expect(all(xml, 'P_51')).toEqual(['862'])
  })

  it('April (the WNT taxed on 15 April) is valid too', async () => {
    const april = fileOf('2026-04')
    expect(all(april.xml, 'K_23')).toEqual(['2000.00'])
    expect(await validateXml(april.xml, april.schema)).toEqual({ valid: true, errors: [] })
  })
})

/** A VAT payer from 2025 who bought a laptop of 20 000 + 4 600 VAT on 10 March 2026 (item 2; its asset is id 3). */
const laptopBooks = [
  { type: 'SettingAdded', data: { id: 1, kind: 'Vat', data: vatSetting({ date: '2025-01-01' }) } },
  itemAdded(2, income({ date: '2026-03-10', name: 'Laptop', amount: '20000.00' }), 'Expense'),
] as LedgerEvent[]

/** The JPK_V7M file of `month` of those books, made on the 10th of the next month. */
const laptopFile = (state: ReturnType<typeof foldBooks>, month: string) => {
  const createdAt = `${addMonthsToMonth(month, 1)}-10T10:00:00Z`
  const result = jpkV7File({ filing: vatFiling(state, month)!, primary, contact, purpose: 1, createdAt })
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result
}

describe('JPK_V7M of an art. 91 correction', () => {
  it('January 2028 carries the correction in K_44 and P_44, valid against its schema', async () => {
    const { state } = runCommands(
      [
        { type: 'EnterAsset', data: { itemId: 2, kst: '491' } },
        { type: 'ChangeAssetVatUse', id: 3, data: { date: '2027-06-01', taxedPercent: '0' } },
      ],
      laptopBooks,
    )
    const result = laptopFile(state, '2028-01')
    expect(all(result.xml, 'K_44')).toEqual(['-920.00'])
    expect(all(result.xml, 'P_44')).toEqual(['-920'])
    expect(all(result.xml, 'DokumentZakupu')).toEqual(['WEW'])
    expect(all(result.xml, 'PodatekNaliczony')).toEqual(['-920.00'])
    expect(await validateXml(result.xml, result.schema)).toEqual({ valid: true, errors: [] })
  })
})

describe('JPK_V7M of a fixed asset taken to private use with output VAT (uVAT art. 7 ust. 2)', () => {
  it('June 2027 has a sales row of an internal document (WEW) in K_19 / K_20, valid against its schema', async () => {
    const { state } = runCommands(
      [
        { type: 'EnterAsset', data: { itemId: 2, kst: '491' } },
        {
          type: 'DisposeAsset',
          id: 3,
          data: { date: '2027-06-15', reason: 'privateUse', price: '9000', vatRate: '23', document: 'WEW 1/2027' },
        },
      ],
      laptopBooks,
    )
    const result = laptopFile(state, '2027-06')
    expect(all(result.xml, 'TypDokumentu')).toEqual(['WEW'])
    expect(all(result.xml, 'DowodSprzedazy')).toEqual(['WEW 1/2027'])
    expect(all(result.xml, 'NazwaKontrahenta')).toEqual(['brak'])
    expect([all(result.xml, 'K_19'), all(result.xml, 'K_20')]).toEqual([['9000.00'], ['2070.00']])
    expect([all(result.xml, 'P_19'), all(result.xml, 'P_20')]).toEqual([['9000'], ['2070']])
    expect(all(result.xml, 'PodatekNalezny')).toEqual(['2070.00'])
    expect(await validateXml(result.xml, result.schema)).toEqual({ valid: true, errors: [] })
  })
})
