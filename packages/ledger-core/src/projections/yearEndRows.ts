/**
 * The year-end rows of the monthly dashboard: the annual return's difference (`4_Pit`, due 30 April, period the tax
 * year) and the annual health settlement (`5_SocialSecurity`, due 20 May with the DRA for April, period the
 * contribution year). Like every tax row they appear in the month they are due, also when nothing is to pay (a
 * refund or an overpayment is shown in the breakdown), and carry the figures behind them in `breakdown`
 * (`annualForm` / `healthSettlementYear` tell them apart from the monthly rows). Their identities are
 * `pit-annual-{year}` and `health-annual-{year}` (`identity.ts`).
 */
import { formatYearMonth } from '../calendar.ts'
import { formatMoney } from '../money.ts'
import type { TransactionId } from '../identity.ts'
import type { TransactionRow } from '../schemas/transaction.ts'
import type { AnnualReturn, HealthSettlement } from '../tax/annual.ts'
import { blank, flatRateFields, stringify } from './rowFields.ts'

const fm = formatMoney

type RowFields = Omit<TransactionRow['dataObject'], 'displayName' | 'date' | 'name' | 'amount' | 'sum'>

/**
 * A year-end row: due on `dueDate` with `toPay` as its amount, the fields of its kind, then the period it pays for and
 * the figures behind it.
 */
const yearEndRow = (
  id: TransactionId,
  kind: Pick<TransactionRow, 'eventType' | 'dataType'> & { readonly name: string; readonly displayName: string },
  dueDate: string,
  toPay: bigint,
  fields: Partial<RowFields>,
  period: { readonly from: string; readonly to: string },
  breakdown: Parameters<typeof stringify>[0],
): TransactionRow => {
  const amount = fm(toPay)
  return {
    id,
    date: dueDate,
    eventType: kind.eventType,
    dataType: kind.dataType,
    dataObject: {
      ...blank(),
      displayName: kind.displayName,
      date: dueDate,
      name: kind.name,
      amount,
      sum: amount,
      isCompany: true,
      ...fields,
      relatedTransactionsSum: amount,
      period,
      dueDate,
      breakdown: stringify(breakdown),
    },
  }
}

/** The annual return's row: the difference to pay (0 with a refund, shown in the breakdown). */
export const annualReturnRow = (a: AnnualReturn, id: TransactionId): TransactionRow =>
  yearEndRow(
    id,
    { eventType: '4_Pit', dataType: 'Pit', name: 'PIT', displayName: `${a.form} ${a.year}` },
    a.dueDate,
    a.toPay,
    {
      percent: a.rate,
      taxType: a.taxType,
      rate: a.rate,
      income: fm(a.income),
      deductions: {
        socialSecurity: fm(a.socialDeducted),
        healthInsurance: fm(a.healthDeducted),
        other: fm(a.deductions),
      },
    },
    { from: formatYearMonth(a.year, 1), to: formatYearMonth(a.year, 12) },
    {
      annualForm: a.form,
      revenue: a.revenue,
      costs: a.costs,
      labourFund: a.labourFundPaid,
      income: a.income,
      loss: a.loss,
      socialPaid: a.socialPaid,
      socialDeducted: a.socialDeducted,
      healthPaid: a.healthPaid,
      healthDeducted: a.healthDeducted,
      deductions: a.deductions,
      base: a.base,
      tax: a.tax,
      advances: a.advances,
      difference: a.difference,
      refund: a.refund,
      ...flatRateFields(a.flatRates),
      statutoryDueDate: a.statutoryDueDate,
    },
  )

/** The health settlement's row: the contribution to pay with the DRA for April (0 when overpaid). */
export const healthSettlementRow = (h: HealthSettlement, id: TransactionId): TransactionRow =>
  yearEndRow(
    id,
    {
      eventType: '5_SocialSecurity',
      dataType: 'SocialSecurity',
      name: 'SocialSecurity',
      displayName: `ZUS ${h.from} – ${h.to}`,
    },
    h.dueDate,
    h.toPay,
    {
      percent: h.percent,
      paymentInterval: 12,
      taxType: h.taxType,
      income: fm(h.basis),
      deductions: { socialSecurity: '0.00', healthInsurance: fm(h.due), other: '0.00' },
    },
    { from: h.from, to: h.to },
    {
      healthSettlementYear: h.year,
      months: h.months,
      basis: h.basis,
      computed: h.computed,
      minimum: h.minimum,
      flatTier: h.flatTier,
      dueForYear: h.due,
      paid: h.paid,
      difference: h.difference,
      overpaid: h.overpaid,
      statutoryDueDate: h.statutoryDueDate,
    },
  )
