import { useLingui } from '@lingui/react/macro'
import type { ItemDataType } from '../../../forms/index.ts'

export interface ItemTexts {
  pageTitle: string
  addTitle: string
  companyLabel: string
  /** English source text of the success popup (translated where shown). */
  addedMessage: 'Expense added' | 'Income added'
  listTitle: string
  empty: string
}

/** The texts of the four item pages (SPEC §2; 'Recuring' is spelt as the product spells it). */
export const useItemTexts = (dataType: ItemDataType): ItemTexts => {
  const { t } = useLingui()
  // One text per page, in the order recurring expenses, one-time expenses, recurring incomes, one-time incomes.
  const of = (recurringExpense: string, expense: string, recurringIncome: string, income: string): string =>
    ({ RecurringExpense: recurringExpense, Expense: expense, RecurringIncome: recurringIncome, Income: income })[
      dataType
    ]
  const income = isIncome(dataType)
  return {
    pageTitle: of(t`Recurring fees`, t`Fixed fees`, t`Recurring revenues`, t`Fixed revenues`),
    addTitle: of(t`Add Recuring Expense`, t`Add One Time Expense`, t`Add Recuring Income`, t`Add One Time Income`),
    companyLabel: income ? t`Company income` : t`Company expense`,
    addedMessage: income ? 'Income added' : 'Expense added',
    listTitle: of(t`Recurring expenses`, t`One time expenses`, t`Recurring incomes`, t`One time incomes`),
    empty: of(
      t`No recurring expenses yet`,
      t`No one time expenses yet`,
      t`No recurring incomes yet`,
      t`No one time incomes yet`,
    ),
  }
}

export const isRecurring = (dataType: ItemDataType): boolean =>
  dataType === 'RecurringExpense' || dataType === 'RecurringIncome'

export const isIncome = (dataType: ItemDataType): boolean => dataType === 'Income' || dataType === 'RecurringIncome'

export const itemTemplate = (dataType: ItemDataType, today: string): Record<string, unknown> => ({
  date: today,
  name: '',
  amount: '',
  isCompany: false,
  percent: '0',
  invoiceDate: null,
  ...(isRecurring(dataType) ? { repetitions: null } : {}),
})
