/** Worked examples of the art. 91 uVAT correction (docs/tax-rules.md §22). */
import { describe, expect, it } from 'vitest'
import { vatCorrections } from './vatCorrection.ts'

describe('the input VAT correction of a fixed asset (uVAT art. 91)', () => {
  const machine = { initialValue: 10_000_000n, inputVat: 2_300_000n, realEstate: false, firstYear: 2024 }

  it('corrects a fifth a year by the change of taxed use', () => {
    // Deducted in full; from 2026 used 60 % for taxed sales: 23 000 × 1/5 × (60 − 100) % = −1 840 in 2026–2028.
    const years = vatCorrections({
      ...machine,
      deductedPercent: 100,
      useByYear: new Map([
        [2026, 60],
        [2027, 60],
        [2028, 60],
      ]),
    })
    expect(years).toEqual([
      { year: 2026, correction: -184_000n, forRemainingYears: false },
      { year: 2027, correction: -184_000n, forRemainingYears: false },
      { year: 2028, correction: -184_000n, forRemainingYears: false },
    ])
  })

  it('corrects the years left at once on an exempt sale or a transfer to private use', () => {
    // Sold VAT-exempt in 2026: 2027 and 2028 at once, 2 × 23 000 × 1/5 × (0 − 100) % = −9 200.
    expect(vatCorrections({ ...machine, deductedPercent: 100, sale: { year: 2026, taxed: false } })).toEqual([
      { year: 2026, correction: -920_000n, forRemainingYears: true },
    ])
    // Deducted 40 % and sold taxed in 2025: 3 years left × 23 000 × 1/5 × 60 % = +8 280.
    expect(vatCorrections({ ...machine, deductedPercent: 40, sale: { year: 2025, taxed: true } })).toEqual([
      { year: 2025, correction: 828_000n, forRemainingYears: true },
    ])
  })

  it('runs ten years for real estate, and not at all for an asset up to 15 000 zł', () => {
    const building = { ...machine, realEstate: true, deductedPercent: 100, sale: { year: 2030, taxed: false } }
    expect(vatCorrections(building)).toEqual([{ year: 2030, correction: -690_000n, forRemainingYears: true }])
    expect(
      vatCorrections({
        ...machine,
        initialValue: 1_500_000n,
        deductedPercent: 100,
        sale: { year: 2025, taxed: false },
      }),
    ).toEqual([])
  })
})
