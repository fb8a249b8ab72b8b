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
    // Sold VAT-exempt in 2026: the remaining period is 2026 (the sale's year), 2027 and 2028, corrected at once:
    // 3 × 23 000 × 1/5 × (0 − 100) % = −13 800 (art. 91 ust. 4–5).
    expect(vatCorrections({ ...machine, deductedPercent: 100, sale: { year: 2026, taxed: false } })).toEqual([
      { year: 2026, correction: -1_380_000n, forRemainingYears: true },
    ])
    // Deducted 40 % and sold taxed in 2025: 2025–2028, 4 years × 23 000 × 1/5 × 60 % = +11 040.
    expect(vatCorrections({ ...machine, deductedPercent: 40, sale: { year: 2025, taxed: true } })).toEqual([
      { year: 2025, correction: 1_104_000n, forRemainingYears: true },
    ])
    // A year of changed use before the sale keeps its own yearly correction; the sale's year goes with the sale.
    expect(
      vatCorrections({
        ...machine,
        deductedPercent: 100,
        useByYear: new Map([
          [2025, 60],
          [2026, 60],
        ]),
        sale: { year: 2026, taxed: false },
      }),
    ).toEqual([
      { year: 2025, correction: -184_000n, forRemainingYears: false },
      { year: 2026, correction: -1_380_000n, forRemainingYears: true },
    ])
  })

  it('runs ten years for real estate, and not at all for an asset up to 15 000 zł', () => {
    const building = { ...machine, realEstate: true, deductedPercent: 100, sale: { year: 2030, taxed: false } }
    // Sold exempt in its seventh year (2030): 2030–2033, 4 × 23 000 × 1/10 = −9 200.
    expect(vatCorrections(building)).toEqual([{ year: 2030, correction: -920_000n, forRemainingYears: true }])
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
