/**
 * The CLI's small message table: column headings and labels in Polish (default) and English. The web app uses
 * Lingui catalogs; a terminal tool with a few dozen labels keeps them here.
 */
export type Lang = 'pl' | 'en'
export const LANGS: readonly Lang[] = ['pl', 'en']

const messages = {
  transactions: { pl: 'Transakcje', en: 'Transactions' },
  obligations: { pl: 'Zobowiązania (VAT, PIT, ZUS)', en: 'Obligations (VAT, PIT, social security)' },
  costSummary: { pl: 'Podsumowanie kosztów', en: 'Cost summary' },
  yearSummary: { pl: 'Podsumowanie roku', en: 'Yearly summary' },
  noTransactions: { pl: 'Brak transakcji', en: 'No transactions' },
  noObligations: { pl: 'Brak zobowiązań', en: 'No obligations' },
  id: { pl: 'Id', en: 'Id' },
  date: { pl: 'Data', en: 'Date' },
  name: { pl: 'Nazwa', en: 'Name' },
  type: { pl: 'Typ', en: 'Type' },
  net: { pl: 'Netto', en: 'Net' },
  vat: { pl: 'VAT', en: 'VAT' },
  gross: { pl: 'Brutto', en: 'Gross' },
  company: { pl: 'Firmowa', en: 'Company' },
  kind: { pl: 'Rodzaj', en: 'Kind' },
  period: { pl: 'Okres', en: 'Period' },
  amount: { pl: 'Kwota', en: 'Amount' },
  dueDate: { pl: 'Termin', en: 'Due date' },
  status: { pl: 'Stan', en: 'Status' },
  paid: { pl: 'zapłacone', en: 'paid' },
  unpaid: { pl: 'do zapłaty', en: 'to pay' },
  overdue: { pl: 'po terminie', en: 'overdue' },
  yes: { pl: 'tak', en: 'yes' },
  no: { pl: 'nie', en: 'no' },
  month: { pl: 'Miesiąc', en: 'Month' },
  companyIncome: { pl: 'Przychód firmy', en: 'Company revenue' },
  companyVat: { pl: 'VAT', en: 'VAT' },
  companyPit: { pl: 'PIT', en: 'PIT' },
  companySocialSecurity: { pl: 'ZUS', en: 'Social security' },
  companyExpense: { pl: 'Koszty firmy', en: 'Company expense' },
  companyNetIncome: { pl: 'Dochód netto firmy', en: 'Company net' },
  privateIncome: { pl: 'Przychód prywatny', en: 'Private revenue' },
  privateExpense: { pl: 'Wydatki prywatne', en: 'Private fees' },
  privateNet: { pl: 'Prywatny brutto', en: 'Private gross' },
  summary: { pl: 'Podsumowanie', en: 'Summary' },
  Revenue: { pl: 'Przychód', en: 'Revenue' },
  Fee: { pl: 'Koszt', en: 'Fee' },
  Vat: { pl: 'VAT', en: 'VAT' },
  Pit: { pl: 'PIT', en: 'PIT' },
  SocialSecurity: { pl: 'ZUS', en: 'Social security' },
  email: { pl: 'E-mail', en: 'E-mail' },
  role: { pl: 'Rola', en: 'Role' },
  userId: { pl: 'Id użytkownika', en: 'User id' },
  createdAt: { pl: 'Czas', en: 'Time' },
  noChanges: { pl: 'Brak zmian', en: 'No changes' },
  asOf: { pl: 'Stan na', en: 'As of' },
  totals: { pl: 'Sumy miesiąca', en: 'Month totals' },
  totalRevenue: { pl: 'Przychody', en: 'Revenue' },
  totalFees: { pl: 'Koszty', en: 'Fees' },
  shortSocialSecurity: { pl: 'ZUS (skrócony)', en: 'Short social security' },
  done: { pl: 'zrealizowane', en: 'done' },
  cumulative: { pl: 'narastająco', en: 'cumulative' },
} as const satisfies Record<string, Record<Lang, string>>

export type MessageKey = keyof typeof messages

export const translate = (lang: Lang, key: MessageKey): string => messages[key][lang]
