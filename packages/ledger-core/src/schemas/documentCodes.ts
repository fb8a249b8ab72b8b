/** Code lists of invoices and the VAT register that need no Schema library (the tax files use them). */
/** JPK_V7 procedure markers of a sales row, and IMP of a purchase row. */
export const SalesProcedures = [
  'WSTO_EE',
  'IED',
  'TP',
  'TT_WNT',
  'TT_D',
  'MR_T',
  'MR_UZ',
  'I_42',
  'I_63',
  'B_SPV',
  'B_SPV_DOSTAWA',
  'B_MPV_PROWIZJA',
] as const

/** The KSeF number pattern of the official schemas (TNumerKSeF): NIP-YYYYMMDD-hex6-hex6-hex2. */
export const KSEF_NUMBER =
  /^([1-9]((\d[1-9])|([1-9]\d))\d{7}|M\d{9}|[A-Z]{3}\d{7})-(20[2-9][0-9]|2[1-9][0-9]{2}|[3-9][0-9]{3})(0[1-9]|1[0-2])(0[1-9]|[1-2][0-9]|3[0-1])-([0-9A-F]{6})-?([0-9A-F]{6})-([0-9A-F]{2})$/

/**
 * The day a KSeF number was assigned (its `YYYYMMDD` part, `5260001246-20261102-…` → `2026-11-02`): the day the buyer
 * receives an invoice issued in KSeF (uVAT art. 106na ust. 3).
 */
export const ksefNumberDate = (ksefNumber: string): string => {
  const d = ksefNumber.split('-')[1] ?? ''
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`
}
