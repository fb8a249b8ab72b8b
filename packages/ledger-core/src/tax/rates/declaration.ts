/**
 * The JPK_V7M / JPK_V7K declaration's fields for domestic sales by VAT rate (the fields' own definitions in the
 * Ministry of Finance schema `Schemat_JPK_V7M(2)_v1-0.xsd`: P_13 "stawką 0%", P_15/P_16 "stawką 5%", P_17/P_18
 * "stawką 7% albo 8%", P_19/P_20 "stawką 22% albo 23%"). The percents are the statutory rates (uVAT art. 41 ust. 1,
 * 2, 2a, 3 with art. 146ef); a sale at any other percent has no field of its own.
 */
export const DECLARATION_RATE_FIELDS = [
  { percents: ['0'], base: 'P_13', tax: null },
  { percents: ['5'], base: 'P_15', tax: 'P_16' },
  { percents: ['7', '8'], base: 'P_17', tax: 'P_18' },
  { percents: ['22', '23'], base: 'P_19', tax: 'P_20' },
] as const
