/**
 * The record kinds of SPEC §3 (company records, settings, items) with their guards and `eventType` labels. No Schema
 * library here: projections and reports use these on every read, and loading them must stay cheap for the CLI.
 * `records.ts` re-exports everything.
 */
import { TransactionTypes } from '../types.ts'

export const CompanyDataTypes = ['Primary', 'Contact', 'Addresses', 'Invoice'] as const
export type CompanyDataType = (typeof CompanyDataTypes)[number]
export const SettingKinds = ['Vat', 'Pit', 'SocialSecurity'] as const
export type SettingKind = (typeof SettingKinds)[number]
export const ItemDataTypes = ['Income', 'RecurringIncome', 'Expense', 'RecurringExpense'] as const
export type ItemDataType = (typeof ItemDataTypes)[number]
export const DataTypes = [...CompanyDataTypes, ...SettingKinds, ...ItemDataTypes] as const
export type DataType = (typeof DataTypes)[number]

/**
 * What a transaction lookup's `{type}` names (`transaction/GetListByType/{type}`): a transaction type code of SPEC
 * §3 (`2_Fee`; the lookup types `7_CompanyRevenues`, `8_CompanyFees` included), or the data type of a row's source
 * (`Manual` for a row the user added by hand).
 */
export const TransactionLookupTypes = [
  ...Object.values(TransactionTypes),
  ...ItemDataTypes,
  ...SettingKinds,
  'Manual',
] as const

export const isCompanyDataType = (t: unknown): t is CompanyDataType => CompanyDataTypes.includes(t as CompanyDataType)
export const isSettingKind = (t: unknown): t is SettingKind => SettingKinds.includes(t as SettingKind)
export const isItemDataType = (t: unknown): t is ItemDataType => ItemDataTypes.includes(t as ItemDataType)
export const isDataType = (t: unknown): t is DataType => DataTypes.includes(t as DataType)
export const isRecurringType = (t: ItemDataType): t is 'RecurringIncome' | 'RecurringExpense' =>
  t === 'RecurringIncome' || t === 'RecurringExpense'
export const isIncomeType = (t: ItemDataType): t is 'Income' | 'RecurringIncome' =>
  t === 'Income' || t === 'RecurringIncome'

/**
 * The record `eventType` label of SPEC §3 for a data type and the last change (`add`, `update`, `delete`).
 * Company records and settings have one fixed label.
 */
export const recordEventType = (dataType: DataType, verb: 'add' | 'update' | 'delete'): string => {
  switch (dataType) {
    case 'Primary':
      return 'Company primary data.'
    case 'Contact':
      return 'Company contact'
    case 'Addresses':
      return 'Company addresses'
    case 'Invoice':
      return 'Invoice'
    case 'Vat':
      return 'VAT'
    case 'Pit':
      return 'PIT'
    case 'SocialSecurity':
      return 'SocialSecurity'
    case 'Expense':
      return `Fixed expense ${verb}`
    case 'RecurringExpense':
      return `Recurring expense ${verb}`
    case 'Income':
      return `Fixed Income ${verb}`
    case 'RecurringIncome':
      return `Recurring Income ${verb}`
  }
}
