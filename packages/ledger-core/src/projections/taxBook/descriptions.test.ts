import { describe, expect, it } from 'vitest'
import { describeGenerated, type GeneratedDescription, generatedDescription } from './descriptions.ts'

const item = { itemId: 7, index: 0, dataType: 'Expense' as const }
const asset = { itemId: 3, index: 2, dataType: 'Expense' as const, asset: true as const }
const labourFund = { itemId: 0, index: 24313, dataType: 'Expense' as const }

describe('the descriptions of the entries the books write', () => {
  it('are read back from the row that carries them', () => {
    const cases: [GeneratedDescription, typeof item | typeof asset | typeof labourFund][] = [
      [{ kind: 'labourFund', month: '2026-02' }, labourFund],
      [{ kind: 'exchangeDifference', currency: 'EUR', name: 'Licence (yearly): cloud' }, item],
      [{ kind: 'lowValueAsset', name: 'Printer, nr 4' }, asset],
      [{ kind: 'depreciation', name: 'Laptop, nr 1' }, asset],
      [{ kind: 'undepreciatedValue', reason: 'privateUse', name: 'Car, nr 2' }, asset],
      [{ kind: 'undepreciatedValue', reason: 'liquidation', name: 'Desk, nr 3' }, asset],
      [{ kind: 'privateSale', name: 'Car, nr 2' }, asset],
    ]
    for (const [d, source] of cases)
      expect(generatedDescription({ description: describeGenerated(d), source })).toEqual(d)
    expect(describeGenerated({ kind: 'labourFund', month: '2026-02' })).toBe('Składka na Fundusz Pracy za 02/2026')
  })

  it('leave an item’s own description alone, whatever it says', () => {
    expect(generatedDescription({ description: 'Laptop', source: item })).toBeNull()
    expect(generatedDescription({ description: 'Odpis amortyzacyjny: Laptop', source: item })).toBeNull()
    expect(generatedDescription({ description: 'Składka na Fundusz Pracy za 02/2026', source: item })).toBeNull()
  })
})
