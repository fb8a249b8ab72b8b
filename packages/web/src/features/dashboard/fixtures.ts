/**
 * Fixed dashboard data for stories and unit tests: a sole trader with a 10 000 zł company income, a 2 000 zł
 * company expense, a private expense, VAT 23 % monthly, PIT linear 19 % and full ZUS (March 2026).
 * The figures are illustrative display data; the real ones come from the API.
 */
import { blankRowFields, formatMoney } from '@finance/ledger-core'
import type { SummaryRow, Transaction } from './types.ts'

const g = formatMoney

type DataObject = Transaction['dataObject']

/** A dataObject with every field the core always sends, empty unless given. */
export const dataObject = (o: Partial<DataObject> & Pick<DataObject, 'name' | 'date' | 'amount'>): DataObject => ({
  ...blankRowFields(),
  displayName: o.name,
  sum: o.amount,
  ...o,
})

const revenue = { name: 'Programming services', amount: '10000.00', vatAmount: '2300.00' }
const rent = { name: 'Office rent', amount: '2000.00', vatAmount: '460.00' }

/** February's PIT advance and contributions, due (and overdue) on 20 March: the period, the date and the deductions. */
const februaryDueOn20March = () => ({
  period: { from: '2026-02', to: '2026-02' },
  dueDate: '2026-03-20',
  overdue: true,
  deductions: { socialSecurity: '1773.96', healthInsurance: '305.08', other: '0.00' },
})

/** February's income and rent, which the VAT and the PIT advance paid in March are worked from. */
const februaryItems = () => ({
  relatedTransactions: [
    { id: 1, date: '2026-02-10', eventType: '1_Revenue', dataObject: { ...revenue, sum: '12300.00' } },
    { id: 2, date: '2026-02-05', eventType: '2_Fee', dataObject: { ...rent, sum: '2460.00' } },
  ],
  companyRevenues: [revenue],
  companyFees: [rent],
})

export const fixtureMonth = (): Transaction[] => [
  {
    id: 'i1-2026-03',
    date: '2026-03-10',
    eventType: '1_Revenue',
    dataType: 'RecurringIncome',
    completed: true,
    notification: false,
    notificationCompleted: false,
    paidAmount: '12300.00',
    remainingAmount: '0.00',
    dataObject: dataObject({
      ...revenue,
      date: '2026-03-10',
      percent: '23',
      sum: '12300.00',
      isCompany: true,
      itemId: 1,
    }),
  },
  {
    id: 'i2-2026-03',
    date: '2026-03-05',
    eventType: '2_Fee',
    dataType: 'RecurringExpense',
    completed: false,
    notification: true,
    notificationCompleted: false,
    paidAmount: null,
    remainingAmount: null,
    dataObject: dataObject({ ...rent, date: '2026-03-05', percent: '23', sum: '2460.00', isCompany: true, itemId: 2 }),
  },
  {
    id: 'i3-2026-03',
    date: '2026-03-12',
    eventType: '2_Fee',
    dataType: 'Expense',
    completed: false,
    notification: false,
    notificationCompleted: false,
    paidAmount: null,
    remainingAmount: null,
    dataObject: dataObject({ name: 'Groceries', date: '2026-03-12', amount: '800.00', itemId: 3 }),
  },
  {
    id: 'vat-2026-02',
    date: '2026-03-25',
    eventType: '3_Vat',
    dataType: 'Vat',
    completed: false,
    notification: true,
    notificationCompleted: true,
    paidAmount: null,
    remainingAmount: null,
    dataObject: dataObject({
      displayName: 'VAT 2026-02',
      name: 'VAT',
      date: '2026-03-25',
      amount: '1840.00',
      percent: '23',
      isCompany: true,
      paymentInterval: 1,
      period: { from: '2026-02', to: '2026-02' },
      dueDate: '2026-03-25',
      relatedTransactionsSum: '1840.00',
      ...februaryItems(),
      breakdown: {
        output: '2300.00',
        input: '460.00',
        carriedIn: '0.00',
        balance: '1840.00',
        due: '1840.00',
        carryOut: '0.00',
        statutoryDueDate: '2026-03-25',
      },
    }),
  },
  {
    id: 'pit-2026-02',
    date: '2026-03-20',
    eventType: '4_Pit',
    dataType: 'Pit',
    completed: false,
    notification: false,
    notificationCompleted: false,
    paidAmount: null,
    remainingAmount: null,
    dataObject: dataObject({
      displayName: 'PIT 2026-02',
      name: 'PIT',
      date: '2026-03-20',
      amount: '1125.00',
      percent: '19',
      isCompany: true,
      taxType: 'Linear',
      rate: '19',
      paymentInterval: 1,
      income: '8000.00',
      ...februaryDueOn20March(),
      relatedTransactionsSum: '1125.00',
      ...februaryItems(),
      // January and February: 5 920.96 → 5 921 → 1 125 each month (19 %, rounded to full złoty).
      breakdown: {
        revenue: '10000.00',
        costs: '2000.00',
        social: '1773.96',
        healthDeducted: '305.08',
        deductions: '0.00',
        revenueYearToDate: '20000.00',
        costsYearToDate: '4000.00',
        socialYearToDate: '3547.92',
        healthDeductedYearToDate: '610.16',
        deductionsYearToDate: '0.00',
        base: '11842.00',
        taxYearToDate: '2250.00',
        advancesBefore: '1125.00',
        advance: '1125.00',
        statutoryDueDate: '2026-03-20',
      },
    }),
  },
  {
    id: 'zus-2026-02',
    date: '2026-03-20',
    eventType: '5_SocialSecurity',
    dataType: 'SocialSecurity',
    completed: false,
    notification: true,
    notificationCompleted: false,
    paidAmount: null,
    remainingAmount: null,
    dataObject: dataObject({
      displayName: 'ZUS 2026-02',
      name: 'SocialSecurity',
      date: '2026-03-20',
      amount: '2079.04',
      percent: '4.9',
      isCompany: true,
      paymentInterval: 1,
      taxType: 'Linear',
      income: '6226.04',
      ...februaryDueOn20March(),
      relatedTransactionsSum: '2079.04',
      relatedTransactions: [
        {
          id: 0,
          date: '2026-01-31',
          eventType: '4_Pit',
          dataObject: {
            name: 'Income 2026-01',
            amount: '6226.04',
            vatAmount: '0.00',
            sum: '305.08',
            taxType: 'Linear',
            income: '6226.04',
            deductions: { socialSecurity: '1773.96', healthInsurance: '305.08', other: '0.00' },
          },
        },
      ],
    }),
  },
]

/**
 * The month after a back-dated invoice: the VAT row was paid at 1 725.00 and is 1 840.00 now, so 115.00 remain
 * (completed, with the notification still on so the remainder is reminded).
 */
export const fixturePaidThenChanged = (): Transaction[] =>
  fixtureMonth().map((t) =>
    t.eventType === '3_Vat'
      ? { ...t, completed: true, notificationCompleted: false, paidAmount: '1725.00', remainingAmount: '115.00' }
      : t,
  )

/** A social-security row with nothing related and a zero amount ('Not data'). */
export const fixtureEmptySocialSecurity = (): Transaction => ({
  id: 'zus-2025-12',
  date: '2026-01-20',
  eventType: '5_SocialSecurity',
  dataType: 'SocialSecurity',
  completed: false,
  notification: false,
  notificationCompleted: false,
  paidAmount: null,
  remainingAmount: null,
  dataObject: dataObject({ displayName: 'ZUS 2025-12', name: 'SocialSecurity', date: '2026-01-20', amount: '0.00' }),
})

/** Tax rows at the law's edges, with the figures of the core's golden scenarios (docs/tax-rules.md §6). */
const taxRow = (id: string, eventType: Transaction['eventType'], o: Parameters<typeof dataObject>[0]): Transaction => ({
  id,
  date: o.date,
  eventType,
  dataType: eventType === '3_Vat' ? 'Vat' : eventType === '4_Pit' ? 'Pit' : 'SocialSecurity',
  completed: false,
  notification: false,
  notificationCompleted: false,
  paidAmount: null,
  remainingAmount: null,
  dataObject: dataObject({ isCompany: true, ...o }),
})

/** March VAT of a payer registered on 16 March 2026 who chose quarterly settlement: monthly, with the return's fields. */
export const fixtureNewVatPayerVat = (): Transaction =>
  taxRow('vat-2026-03', '3_Vat', {
    displayName: 'VAT 2026-03',
    name: 'VAT',
    date: '2026-04-27',
    amount: '8050.00',
    percent: '23',
    paymentInterval: 1,
    period: { from: '2026-03', to: '2026-03' },
    dueDate: '2026-04-27',
    breakdown: {
      output: '9200.00',
      input: '1150.00',
      carriedIn: '0.00',
      balance: '8050.00',
      due: '8050.00',
      carryOut: '0.00',
      intervalReason: 'newVatPayer',
      P_10: '0.00',
      P_11: '0.00',
      P_13: '0.00',
      P_15: '0.00',
      P_16: '0.00',
      P_17: '0.00',
      P_18: '0.00',
      P_19: '40000.00',
      P_20: '9200.00',
      P_37: '40000.00',
      P_38: '9200.00',
      P_39: '0.00',
      P_42: '5000.00',
      P_43: '1150.00',
      P_48: '1150.00',
      P_51: '8050.00',
      P_53: '0.00',
      P_62: '0.00',
      statutoryDueDate: '2026-04-25',
    },
  })

/**
 * March 2026 VAT of a monthly payer with an excess: 1 000 net sold (230), a machine of 20 000 net bought (4 600), so
 * 4 370 of input VAT over output; `refund` asks for part of it back (the API's answer for 3 000 in 40 days, 500 of it
 * set against a PIT advance).
 */
export const fixtureVatExcess = (refund = false): Transaction =>
  taxRow('vat-2026-03', '3_Vat', {
    displayName: 'VAT 2026-03',
    name: 'VAT',
    date: '2026-04-27',
    amount: '0.00',
    percent: '23',
    paymentInterval: 1,
    period: { from: '2026-03', to: '2026-03' },
    dueDate: '2026-04-27',
    breakdown: {
      output: '230.00',
      input: '4600.00',
      carriedIn: '0.00',
      balance: '-4370.00',
      due: '0.00',
      carryOut: refund ? '1370.00' : '4370.00',
      intervalReason: 'none',
      P_19: '1000.00',
      P_20: '230.00',
      P_37: '1000.00',
      P_38: '230.00',
      P_42: '20000.00',
      P_43: '4600.00',
      P_48: '4600.00',
      P_51: '0.00',
      P_53: '4370.00',
      ...(refund ? { P_54: '3000.00', P_60: '500.00' } : {}),
      P_62: refund ? '1370.00' : '4370.00',
      statutoryDueDate: '2026-04-25',
    },
    ...(refund
      ? {
          vatRefund: {
            month: '2026-03',
            amount: '3000.00',
            term: 'days40',
            offset: { amount: '500.00', liability: 'PIT advance for April 2026' },
            refunded: '3000.00',
            offsetApplied: '500.00',
            lastDay: '2026-06-08',
          },
        }
      : {}),
  })

/** January ryczałt at 12 % and 8.5 % (deductions split in proportion to revenue). */
export const fixtureFlatTwoRates = (): Transaction =>
  taxRow('pit-2026-01', '4_Pit', {
    displayName: 'PIT 2026-01',
    name: 'PIT',
    date: '2026-02-20',
    amount: '1998.00',
    percent: '12',
    taxType: 'Flat',
    rate: '12',
    paymentInterval: 1,
    income: '20000.00',
    period: { from: '2026-01', to: '2026-01' },
    dueDate: '2026-02-20',
    deductions: { socialSecurity: '1788.29', healthInsurance: '249.18', other: '0.00' },
    breakdown: {
      revenue: '20000.00',
      social: '1788.29',
      healthDeducted: '249.18',
      base: '17963.00',
      advance: '1998.00',
      'flat_8.5_revenue': '5000.00',
      'flat_8.5_deductions': '509.37',
      'flat_8.5_base': '4491.00',
      'flat_8.5_tax': '381.74',
      flat_12_revenue: '15000.00',
      flat_12_deductions: '1528.10',
      flat_12_base: '13472.00',
      flat_12_tax: '1616.64',
      settingReason: 'none',
      statutoryDueDate: '2026-02-20',
    },
  })

/** March ZUS of a business started on 16 March 2026 on preferential ZUS: 16 of 31 days, health in full. */
export const fixtureProratedSocialSecurity = (): Transaction =>
  taxRow('zus-2026-03', '5_SocialSecurity', {
    displayName: 'ZUS 2026-03',
    name: 'SocialSecurity',
    date: '2026-04-20',
    amount: '667.99',
    percent: '9',
    paymentInterval: 1,
    taxType: 'Scale',
    period: { from: '2026-03', to: '2026-03' },
    dueDate: '2026-04-20',
    deductions: { socialSecurity: '235.45', healthInsurance: '432.54', other: '0.00' },
    relatedTransactionsSum: '667.99',
    breakdown: {
      socialDeclared: '456.18',
      activeDays: '16',
      daysInMonth: '31',
      socialBasis: '744.15',
      social: '235.45',
      labourFund: '0.00',
      health: '432.54',
      healthIncomeYearToDate: 'none',
      healthBasesBefore: 'none',
      healthBase: 'none',
      healthMinimumApplied: 'true',
      flatTier: 'null',
      total: '667.99',
      settingReason: 'none',
      statutoryDueDate: '2026-04-20',
    },
  })

/** Twelve month rows plus the year row (month 0); `cumulative` adds the months up as the API's `true` list does. */
export const fixtureSummary = (cumulative: boolean, year = 2026): SummaryRow[] => {
  const monthly = (m: number) => ({
    income: 1_000_000n + BigInt(m) * 25_000n,
    vat: 184_000n,
    pit: 112_500n,
    social: 207_904n,
    expense: 200_000n + (m % 3 === 0 ? 150_000n : 0n),
    privateIncome: m === 6 ? 300_000n : 0n,
    privateExpense: 80_000n + BigInt(m) * 1_000n,
  })
  const rows: SummaryRow[] = []
  const acc = { income: 0n, vat: 0n, pit: 0n, social: 0n, expense: 0n, privateIncome: 0n, privateExpense: 0n }
  const toRow = (month: number, v: typeof acc): SummaryRow => {
    // As the core defines it (docs/tax-rules.md §12): the VAT payment is shown, not subtracted from net amounts.
    const net = v.income - v.expense - v.pit - v.social
    const privateNet = v.privateIncome - v.privateExpense
    return {
      year,
      month,
      companyIncomeAmmount: g(v.income),
      companyVatAmmount: g(v.vat),
      companyPitAmmount: g(v.pit),
      companySocialSecurityAmmount: g(v.social),
      companyExpenseAmmount: g(v.expense),
      companysNetIncome: g(net),
      privateIncomeAmmount: g(v.privateIncome),
      privateExpenseAmmount: g(v.privateExpense),
      privateIncome: g(privateNet),
      summary: g(net + privateNet),
    }
  }
  for (let m = 1; m <= 12; m++) {
    const v = monthly(m)
    for (const k of Object.keys(acc) as (keyof typeof acc)[]) acc[k] += v[k]
    rows.push(toRow(m, cumulative ? acc : v))
  }
  rows.push(toRow(0, acc))
  return rows
}
