/** The record shape of the HTTP contract and the data-type families the screens use. */

export interface RecordDto<T = Record<string, unknown>> {
  id: number
  dataType: string
  eventType: string
  dataObject: T
  /** The record's version (1 when created, +1 per change): a save or delete names it, a stale one answers 409. */
  version?: number
  /** Only on a record an older version stored outside today's bounds: what is wrong with it. */
  problems?: { field: string; code: string; message: string }[]
}

export type CompanyDataType = 'Primary' | 'Contact' | 'Addresses' | 'Invoice'
export type SettingDataType = 'Vat' | 'Pit' | 'SocialSecurity'
export type FeeItemDataType = 'Expense' | 'RecurringExpense'
export type RevenueItemDataType = 'Income' | 'RecurringIncome'
export type ItemDataType = FeeItemDataType | RevenueItemDataType

/** eventType texts of SPEC §3, sent with every saved record. */
export const eventTypes: Record<CompanyDataType | SettingDataType | ItemDataType, string> = {
  Primary: 'Company primary data.',
  Contact: 'Company contact',
  Addresses: 'Company addresses',
  Invoice: 'Invoice',
  Vat: 'VAT',
  Pit: 'PIT',
  SocialSecurity: 'SocialSecurity',
  Expense: 'Fixed expense add/update/delete',
  RecurringExpense: 'Recurring expense add/update/delete',
  Income: 'Fixed Income add/update/delete',
  RecurringIncome: 'Recurring Income add/update/delete',
}

/** The API area serving a data type (`config/`, `fee/`, `revenue/`). */
export const areaOf = (dataType: CompanyDataType | SettingDataType | ItemDataType): 'config' | 'fee' | 'revenue' => {
  switch (dataType) {
    case 'Primary':
    case 'Contact':
    case 'Addresses':
    case 'Invoice':
      return 'config'
    case 'Income':
    case 'RecurringIncome':
      return 'revenue'
    default:
      return 'fee'
  }
}
