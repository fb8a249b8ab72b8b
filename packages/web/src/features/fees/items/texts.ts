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
  switch (dataType) {
    case 'RecurringExpense':
      return {
        pageTitle: t`Recurring fees`,
        addTitle: t`Add Recuring Expense`,
        companyLabel: t`Company expense`,
        addedMessage: 'Expense added',
        listTitle: t`Recurring expenses`,
        empty: t`No recurring expenses yet`,
      }
    case 'Expense':
      return {
        pageTitle: t`Fixed fees`,
        addTitle: t`Add One Time Expense`,
        companyLabel: t`Company expense`,
        addedMessage: 'Expense added',
        listTitle: t`One time expenses`,
        empty: t`No one time expenses yet`,
      }
    case 'RecurringIncome':
      return {
        pageTitle: t`Recurring revenues`,
        addTitle: t`Add Recuring Income`,
        companyLabel: t`Company income`,
        addedMessage: 'Income added',
        listTitle: t`Recurring incomes`,
        empty: t`No recurring incomes yet`,
      }
    case 'Income':
      return {
        pageTitle: t`Fixed revenues`,
        addTitle: t`Add One Time Income`,
        companyLabel: t`Company income`,
        addedMessage: 'Income added',
        listTitle: t`One time incomes`,
        empty: t`No one time incomes yet`,
      }
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
