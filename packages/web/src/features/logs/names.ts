/**
 * The log viewer's event and data types in the user's language: the stored names (`ItemAdded`, `Expense`) are the
 * program's; a person reads "Dodano pozycję", "Wydatek". A name not listed (a future event) is shown as stored.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'

const EVENTS: Record<string, MessageDescriptor> = {
  CompanyRecordSaved: msg`Company data saved`,
  CompanyRecordDeleted: msg`Company data deleted`,
  SettingAdded: msg`Setting added`,
  SettingUpdated: msg`Setting changed`,
  SettingDeleted: msg`Setting deleted`,
  ItemAdded: msg`Item added`,
  ItemUpdated: msg`Item changed`,
  ItemDeleted: msg`Item deleted`,
  MonthGenerated: msg`Month computed`,
  ManualTransactionAdded: msg`Transaction added by hand`,
  TransactionDeleted: msg`Transaction deleted`,
  TransactionCompletedSet: msg`Payment marked`,
  TransactionNotificationSet: msg`Reminder set`,
  ReminderSent: msg`Reminder sent`,
  TransactionAcceptedFromEmail: msg`Accepted from an e-mail`,
  MonthReset: msg`Month reset`,
  YearReset: msg`Year reset`,
  TransactionFlagsCleared: msg`Marks cleared`,
  UserRegistered: msg`Account registered`,
  EmailClaimed: msg`E-mail address reserved`,
  PasswordChanged: msg`Password changed`,
  PasswordResetRequested: msg`Password reset requested`,
  UserRoleChanged: msg`Role changed`,
  SessionEnded: msg`Logged out`,
}

const DATA: Record<string, MessageDescriptor> = {
  Primary: msg`Company data`,
  Contact: msg`Contact data`,
  Address: msg`Address`,
  Vat: msg`VAT setting`,
  Pit: msg`PIT setting`,
  SocialSecurity: msg`ZUS setting`,
  Income: msg`Income item`,
  Expense: msg`Expense`,
  RecurringIncome: msg`Recurring income`,
  RecurringExpense: msg`Recurring expense`,
  Invoice: msg`Invoice data`,
  Transaction: msg`Transaction`,
  User: msg({ message: 'Account', context: 'log stream' }),
}

/** `{ event, data }`: the readable names of a stored event type and data type. */
export const useLogNames = () => {
  const { i18n } = useLingui()
  return {
    event: (type: string) => (EVENTS[type] ? i18n._(EVENTS[type]) : type),
    data: (type: string) => (DATA[type] ? i18n._(DATA[type]) : type),
  }
}
