import { describe, expect, it } from 'vitest'
import { ITEM_DEFAULTS } from '@finance/ledger-core'
import { prepareFor, validatorFor } from './validation.ts'

const address = (country: string, postCode: string) => ({
  country,
  region: '',
  city: '',
  street: '',
  postCode,
  building: '',
})

describe('company form validation', () => {
  it('requires company name and NIP on primary data', () => {
    const v = validatorFor('Primary')({ companyName: '', nip: '', ownerName: '', ownerLastName: '', regon: '' })
    expect(v.fieldErrors).toEqual({ companyName: 'Company name is required', nip: 'Nip is required' })
  })

  it('reports a wrong NIP or REGON checksum as an overridable warning, not an error', () => {
    const v = validatorFor('Primary')({ companyName: 'ACME', nip: '1234567890', regon: '123456786' })
    expect(v.fieldErrors).toEqual({})
    expect(Object.keys(v.warnings).sort()).toEqual(['nip', 'regon'])
  })

  it('reports a NIP or REGON of the wrong form as an error, with no way to save it anyway', () => {
    const v = validatorFor('Primary')({ companyName: 'ACME', nip: '12345', regon: 'abc' })
    expect(v.fieldErrors).toEqual({
      nip: 'NIP must be ten digits',
      regon: 'REGON must be nine or fourteen digits',
    })
    expect(v.warnings).toEqual({})
  })

  it('checks a phone number loosely: digits, spaces, +, - and parentheses', () => {
    expect(validatorFor('Contact')({ phoneNumber: 'abc-def' }).fieldErrors).toEqual({
      phoneNumber: 'Phone number may contain only digits, spaces, +, - and parentheses',
    })
    expect(validatorFor('Contact')({ phoneNumber: '+48 (22) 123-45-67' })).toEqual({ fieldErrors: {}, warnings: {} })
  })

  it('accepts a correct NIP and REGON', () => {
    const v = validatorFor('Primary')({ companyName: 'ACME', nip: '5260250274', regon: '123456785' })
    expect(v).toEqual({ fieldErrors: {}, warnings: {} })
  })

  it('requires NN-NNN postal codes for Polish addresses only', () => {
    const v = validatorFor('Addresses')({
      permanentPlaceOfBusinessActivity: address('Polska', '00950'),
      additionalPlaceOfBusinessActivity: address('Germany', '10115'),
      postDeliveryAddress: address('', '00-950'),
    })
    expect(Object.keys(v.fieldErrors)).toEqual(['permanentPlaceOfBusinessActivity.postCode'])
    expect(v.warnings).toEqual({})
  })

  it('checks the contact e-mail format', () => {
    expect(validatorFor('Contact')({ email: 'nope' }).fieldErrors).toEqual({
      email: 'Email needs to be in correct format',
    })
    expect(validatorFor('Contact')({ email: '' }).fieldErrors).toEqual({})
  })

  it('uses the SPEC messages for settings', () => {
    expect(validatorFor('SocialSecurity')({ date: '', amount: '', percent: '' }).fieldErrors).toEqual({
      date: 'Date is required',
      amount: 'Amount is requred',
      percent: 'Percent is required',
    })
  })

  it('sends fixed items without repetitions and money with two decimals', () => {
    const out = prepareFor('Expense')({
      date: '2026-03-01',
      name: 'Laptop',
      amount: '1234.5',
      isCompany: false,
      percent: '0',
      invoiceDate: null,
      repetitions: 3,
      paymentInterval: 1,
    })
    expect(out).toEqual({
      date: '2026-03-01',
      name: 'Laptop',
      amount: '1234.50',
      isCompany: false,
      percent: '0',
      invoiceDate: null,
      ...ITEM_DEFAULTS,
    })
  })
})
