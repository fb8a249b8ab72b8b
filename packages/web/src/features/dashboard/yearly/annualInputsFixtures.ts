/**
 * The year end of 2025 with the return's common items typed in: IKZE at the 2025 limit, a 2023 loss deducted at half,
 * two children (the figures worked as in docs/tax-rules.md, "The annual return's common items").
 */
import { ApiError } from '../../../api/client.ts'
import type { AnnualReport } from './yearEnd.ts'
import { yearEnd2025 } from './yearEndFixtures.ts'

const limits2025 = { ikze: '15611.40', lossOneOff: '5000000.00', childMonthly: ['92.67', '166.67', '225.00'] }

const noItems = {
  losses: [],
  lossDeducted: '0.00',
  ikzePaid: '0.00',
  ikzeLimit: '15611.40',
  ikzeDeducted: '0.00',
  joint: false,
  jointRefused: false,
  spouseIncome: '0.00',
  spouseAdvances: '0.00',
  taxBeforeRelief: '12236.00',
  children: [],
  childRelief: '0.00',
  childIncome: '124486.44',
  childIncomeLimit: '56000.00',
  childOverLimit: false,
  childRefused: false,
  childDeducted: '0.00',
  childUnused: '0.00',
  childRefund: '0.00',
}

/** 2025 before anything is typed in. */
export const yearEndNoInputs: AnnualReport = {
  ...yearEnd2025,
  inputs: null,
  inputLimits: limits2025,
  annualReturn: { ...yearEnd2025.annualReturn!, items: noItems },
}

/**
 * 2025 with the items: base 124 486 − 10 000 (half of a 20 000 zł loss of 2023) − 15 611.40 (IKZE) = 98 874.60 →
 * 98 875; 12 % × 98 875 − 3 600 = 8 265.00; two children 2 224.08 → 6 040.92 → 6 041 due; advances 11 668.
 */
export const yearEndWithInputs: AnnualReport = {
  ...yearEndNoInputs,
  inputs: {
    year: 2025,
    losses: [{ year: 2023, amount: '20000.00', deductedBefore: '0.00', oneOff: false }],
    ikze: '15611.40',
    spouse: null,
    singleParent: false,
    children: [
      { months: 12, disabled: false },
      { months: 12, disabled: false },
    ],
  },
  annualReturn: {
    ...yearEndNoInputs.annualReturn!,
    base: '98875.00',
    tax: '6041.00',
    difference: '-5627.00',
    toPay: '0.00',
    refund: '5627.00',
    items: {
      ...noItems,
      losses: [
        {
          year: 2023,
          amount: '20000.00',
          deductedBefore: '0.00',
          oneOff: false,
          cap: '10000.00',
          deducted: '10000.00',
          refusal: null,
        },
      ],
      lossDeducted: '10000.00',
      ikzePaid: '15611.40',
      ikzeDeducted: '15611.40',
      taxBeforeRelief: '8265.00',
      children: [
        { months: 12, disabled: false, monthly: '92.67', amount: '1112.04' },
        { months: 12, disabled: false, monthly: '92.67', amount: '1112.04' },
      ],
      childRelief: '2224.08',
      childDeducted: '2224.08',
    },
  },
}

/** The API's refusal of an IKZE sum over the limit (400, the field named, English as the core writes it). */
export const ikzeRefused = new ApiError({
  status: 400,
  statusText: 'Bad Request',
  errors: ['IKZE payments are over the year’s limit for a person running a business'],
  fieldErrors: { ikze: 'IKZE payments are over the year’s limit for a person running a business' },
})

/** Effects of the section: 2025 loads without items; saving answers the worked report, or refuses IKZE over 15 611.40. */
export const annualInputsEffects = () => {
  let current = yearEndNoInputs
  return {
    loadYearEnd: async () => current,
    saveInputs: async (_year: number, body: unknown): Promise<AnnualReport> => {
      const ikze = Number((body as { ikze?: string }).ikze || 0)
      if (ikze > 15_611.4) throw ikzeRefused
      current = yearEndWithInputs
      return current
    },
  }
}
