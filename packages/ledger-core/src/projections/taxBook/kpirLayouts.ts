/** The KPiR's column numbers in each regulation, and the regulation a year's book follows. */

/**
 * Column numbers of the KPiR in each regulation: `2019` — rozporządzenie MF z 23 grudnia 2019 r. (Dz.U. 2019 poz.
 * 2544), 17 columns, in force through 2025; `2025` — rozporządzenie MFiG z 6 września 2025 r. (Dz.U. 2025 poz.
 * 1299), 19 columns (KSeF number and counterparty tax id added), from 2026. `null`: the layout has no such column.
 */
export const KPIR_LAYOUTS = {
  '2019': {
    regulation: 'Dz.U. 2019 poz. 2544',
    columns: {
      number: 1,
      date: 2,
      ksefNumber: null,
      documentNumber: 3,
      taxId: null,
      name: 4,
      address: 5,
      description: 6,
      sales: 7,
      otherRevenue: 8,
      revenue: 9,
      goods: 10,
      sideCosts: 11,
      salaries: 12,
      otherExpenses: 13,
      expenses: 14,
      free: 15,
      research: 16,
      remarks: 17,
    },
  },
  '2025': {
    regulation: 'Dz.U. 2025 poz. 1299',
    columns: {
      number: 1,
      date: 2,
      ksefNumber: 3,
      documentNumber: 4,
      taxId: 5,
      name: 6,
      address: 7,
      description: 8,
      sales: 9,
      otherRevenue: 10,
      revenue: 11,
      goods: 12,
      sideCosts: 13,
      salaries: 14,
      otherExpenses: 15,
      expenses: 16,
      free: 17,
      research: 18,
      remarks: 19,
    },
  },
} as const satisfies Record<string, { regulation: string; columns: Record<string, number | null> }>
export type KpirLayoutId = keyof typeof KPIR_LAYOUTS

/** The regulation whose layout the KPiR of `year` follows. */
export const kpirLayoutOf = (year: number): KpirLayoutId => (year >= 2026 ? '2025' : '2019')
