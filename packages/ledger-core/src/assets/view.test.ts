import { describe, expect, it } from 'vitest'
import { runCommands } from '../testing/given.ts'
import { assetCard, assetRegister, monthDepreciation } from './view.ts'

const laptop = {
  name: 'Laptop',
  acquisitionDate: '2025-03-14',
  kst: '491',
  initialValue: '8000',
  document: 'FV 3/2025',
}

describe('the register as shown', () => {
  const { state } = runCommands([
    { type: 'EnterAsset', data: laptop },
    { type: 'EnterAsset', data: { ...laptop, name: 'Printer', kst: '4', initialValue: '3000', method: 'expensed' } },
    { type: 'DisposeAsset', id: 2, data: { date: '2025-12-01', reason: 'liquidation' } },
  ])
  it('lists each asset with its write-offs for the year and to date', () => {
    const r2026 = assetRegister(state.assets, 2026)
    // The printer left in 2025: not in the 2026 register.
    expect(r2026.assets.map((a) => a.name)).toEqual(['Laptop'])
    expect(r2026.assets[0]).toMatchObject({
      number: '1',
      kstName: { pl: 'Zespoły komputerowe', en: 'Computer sets (computers, laptops, servers)' },
      rate: '30',
      writeOffYear: '2400.00',
      writeOffToDate: '4200.00',
      remaining: '3800.00',
    })
    const r2025 = assetRegister(state.assets, 2025)
    expect(r2025.totals).toMatchObject({ value: '11000.00', writeOffYear: '4800.00', remaining: '6200.00' })
    expect(r2025.assets[1]!.disposal).toMatchObject({ reason: 'liquidation', undepreciated: '0.00', cost: '0.00' })
  })
  it('shows a card with the plan year by year', () => {
    const card = assetCard(state.assets, 1)!
    expect(card.years.map((y) => [y.year, y.writeOff, y.remaining])).toEqual([
      [2025, '1800.00', '6200.00'],
      [2026, '2400.00', '3800.00'],
      [2027, '2400.00', '1400.00'],
      [2028, '1400.00', '0.00'],
    ])
    expect(card.postings[0]).toEqual({ month: '2025-04', writeOff: '200.00', deductible: '200.00' })
    expect(assetCard(state.assets, 99)).toBeNull()
  })
  it('leaves nothing remaining on the card from the year an asset leaves, as the register row says', () => {
    const { state: sold } = runCommands([
      { type: 'EnterAsset', data: { ...laptop, name: 'Server', initialValue: '12000' } },
      { type: 'DisposeAsset', id: 1, data: { date: '2026-07-15', reason: 'sale', price: '9000' } },
    ])
    const card = assetCard(sold.assets, 1)!
    expect(card.years.map((y) => [y.year, y.remaining])).toEqual([
      [2025, '9300.00'],
      [2026, '0.00'],
    ])
    expect(card.asset.remaining).toBe('0.00')
  })
  it('gives the month’s depreciation per asset', () => {
    expect(monthDepreciation(state.assets, '2025-03')).toMatchObject({
      writeOff: '3000.00',
      assets: [{ id: 2, name: 'Printer', writeOff: '3000.00' }],
    })
    expect(monthDepreciation(state.assets, '2026-05').writeOff).toBe('200.00')
    expect(monthDepreciation(state.assets, '2030-01').assets).toEqual([])
  })
})
