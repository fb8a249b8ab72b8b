import { describe, expect, it } from 'vitest'
import { ITEM_DEFAULTS } from '../upcast.ts'
import {
  CompanyCheckMessages,
  companyWarnings,
  isPhoneNumber,
  isValidNip,
  isValidPostCode,
  isValidRegon,
  normalizeMoney,
  normalizePercent,
} from './common.ts'
import { isCountryCode, isTaxOfficeCode, taxOfficeName } from './codes.ts'
import { VatSettingMessages, validateManualTransaction, validateRecord } from './validate.ts'

const messages = (r: ReturnType<typeof validateRecord>) =>
  r.ok ? {} : Object.fromEntries(r.errors.map((e) => [e.field, e.message]))

describe('validateRecord', () => {
  it('normalises money and percents and keeps the canonical item shape', () => {
    const r = validateRecord('RecurringIncome', {
      date: '2026-01-31T00:00:00',
      name: ' Rent ',
      amount: 1234.5,
      isCompany: 'true',
      percent: '8.50',
      invoiceDate: '',
      repetitions: '3',
      paymentInterval: 1,
    })
    expect(r).toEqual({
      ok: true,
      value: {
        date: '2026-01-31',
        name: 'Rent',
        amount: '1234.50',
        isCompany: true,
        percent: '8.5',
        invoiceDate: null,
        ...ITEM_DEFAULTS,
        repetitions: 3,
      },
    })
  })

  it('drops repetitions from fixed items', () => {
    const r = validateRecord('Expense', { date: '2026-01-01', name: 'x', amount: '1', percent: 0, repetitions: 4 })
    expect(r.ok && 'repetitions' in r.value).toBe(false)
  })

  it('gives every required message of items', () =>
    expect(messages(validateRecord('RecurringExpense', {}))).toEqual({
      date: 'Date is required',
      name: 'Name is required',
      amount: 'Amount is required',
      percent: 'Percent is required',
      repetitions: 'Repetitions is required',
    }))

  it('reads the company flag as a boolean and refuses anything else', () => {
    const item = { date: '2026-01-01', name: 'x', amount: '1', percent: '23' }
    for (const [given, read] of [
      [true, true],
      ['true', true],
      [1, true],
      [false, false],
      ['false', false],
      [0, false],
      [null, false],
      [undefined, false],
    ] as const) {
      const r = validateRecord('Income', { ...item, isCompany: given })
      expect(r.ok && r.value.isCompany).toBe(read)
    }
    for (const bad of ['yes', 2, {}, []])
      expect(messages(validateRecord('Income', { ...item, isCompany: bad }))).toEqual({
        isCompany: 'Company must be true or false',
      })
    expect(validateManualTransaction({ date: '2026-01-01', name: 'x', amount: '5', isCompany: 'no' }).ok).toBe(false)
  })

  it('rejects bad dates, negative amounts and percents over 100', () =>
    expect(
      messages(
        validateRecord('Income', {
          date: '2026-02-30',
          name: 'n',
          amount: '-1',
          percent: '100.01',
          invoiceDate: '2026-1-1',
        }),
      ),
    ).toEqual({
      date: 'Date is not a real date',
      amount: 'Amount must not be negative',
      percent: 'Percent must be a number from 0 to 100 with at most 2 decimals',
      invoiceDate: 'Invoice date must be a date in format yyyy-mm-dd',
    }))

  it('says a day the calendar has not is no real date, and a wrong form is a wrong format', () => {
    const dated = (date: string) => messages(validateRecord('Expense', { date, name: 'n', amount: '1', percent: '23' }))
    expect(dated('2026-02-29')).toEqual({ date: 'Date is not a real date' })
    expect(dated('2026-13-01')).toEqual({ date: 'Date is not a real date' })
    expect(dated('2026-04-31T00:00:00')).toEqual({ date: 'Date is not a real date' })
    expect(dated('2026-02-30x')).toEqual({ date: 'Date must be a date in format yyyy-mm-dd' })
    expect(dated('30.02.2026')).toEqual({ date: 'Date must be a date in format yyyy-mm-dd' })
    expect(dated('2028-02-29')).toEqual({})
  })

  it('checks the contact e-mail only when given', () => {
    expect(messages(validateRecord('Contact', { email: 'nope' }))).toEqual({
      email: 'Email needs to be in correct format',
    })
    expect(validateRecord('Contact', {}).ok).toBe(true)
  })

  it('accepts addresses without validation and fills missing parts', () => {
    const r = validateRecord('Addresses', { postDeliveryAddress: { city: 'Kraków' } })
    expect(r.ok && r.value.postDeliveryAddress.city).toBe('Kraków')
    expect(r.ok && r.value.permanentPlaceOfBusinessActivity.street).toBe('')
  })

  it('validates invoice data with its address', () => {
    const r = validateRecord('Invoice', { companyName: 'A', nip: '1', invoiceAddress: { postCode: '12' } })
    expect(r.ok && r.value.invoiceAddress.postCode).toBe('12')
  })

  it('refuses a text field given as a number or a boolean, and a part given as another type, naming the field', () => {
    const fields = (r: { ok: boolean; errors?: readonly { field: string; message: string }[] }) =>
      r.ok ? {} : Object.fromEntries((r.errors ?? []).map((e) => [e.field, e.message]))
    expect(
      fields(validateRecord('Invoice', { companyName: true, nip: 0, ownerName: 1, invoiceAddress: { postCode: 12 } })),
    ).toEqual({
      companyName: 'Company name must be text',
      nip: 'Nip must be text',
      ownerName: 'Owner name must be text',
      'invoiceAddress.postCode': 'Post code must be text',
    })
    const address = 'Address must be an object with country, region, city, street, postCode and building'
    expect(fields(validateRecord('Invoice', { companyName: 'A', nip: '1', invoiceAddress: 'Kraków' }))).toEqual({
      invoiceAddress: address,
    })
    expect(fields(validateRecord('Addresses', { postDeliveryAddress: [] }))).toEqual({ postDeliveryAddress: address })
    const income = { date: '2026-03-01', name: 'Sale', amount: '100', percent: '23' }
    expect(fields(validateRecord('Income', { ...income, name: 0, documentNumber: false }))).toEqual({
      name: 'Name must be text',
      documentNumber: 'Document number must be text',
    })
    const counterparty = 'Counterparty must be an object with name, taxId, country and address'
    for (const c of ['', 'ACME', {}, { vat: 'x' }])
      expect(fields(validateRecord('Income', { ...income, counterparty: c }))).toEqual({ counterparty })
    // Absent, null or blank fields: no counterparty.
    for (const c of [undefined, null, { name: '', taxId: ' ' }]) {
      const r = validateRecord('Income', { ...income, counterparty: c })
      expect(r.ok && r.value.counterparty).toBeNull()
    }
    expect(fields(validateRecord('Income', { ...income, currency: '' }))).toEqual({
      currency: 'Currency must be an object with code, amount and paidOn',
    })
    const vat = { date: '2026-01-01', percent: '23' }
    for (const paymentInterval of [true, [3], '3.5', 1.5])
      expect(fields(validateRecord('Vat', { ...vat, paymentInterval }))).toEqual({
        paymentInterval: 'Payment interval must be 1 or 3',
      })
    for (const [given, read] of [
      [3, 3],
      ['3', 3],
      [' 1 ', 1],
    ] as const) {
      const r = validateRecord('Vat', { ...vat, paymentInterval: given })
      expect(r.ok && r.value.paymentInterval).toBe(read)
    }
  })

  it('PIT: optional Scale parameters, interval 1 or 3, tax type choice, deductions as amount or object', () => {
    const ok = validateRecord('Pit', {
      date: '2026-01-01',
      taxType: 'Scale',
      firstPercent: 12,
      paymentInterval: 3,
      deductions: { other: '100' },
    })
    expect(ok).toEqual({
      ok: true,
      value: {
        date: '2026-01-01',
        taxType: 'Scale',
        firstPercent: '12',
        secondPercent: null,
        freeOfTaxAmount: null,
        secondPercentAmount: null,
        paymentInterval: 3,
        deductions: '100.00',
      },
    })
    expect(
      messages(validateRecord('Pit', { date: '2026-01-01', taxType: 'Other', firstPercent: 1, paymentInterval: 2 })),
    ).toEqual({ taxType: 'Tax type must be Flat, Linear or Scale', paymentInterval: 'Payment interval must be 1 or 3' })
  })

  it('PIT deductions: an object of another shape, or with a part that is no amount, is refused', () => {
    const pit = { date: '2026-01-01', taxType: 'Scale', firstPercent: '12', paymentInterval: 1 }
    const SHAPE = 'Deductions must be an amount or an object with socialSecurity, healthInsurance and other'
    expect(messages(validateRecord('Pit', { ...pit, deductions: { evil: 1 } }))).toEqual({ deductions: SHAPE })
    expect(messages(validateRecord('Pit', { ...pit, deductions: { other: '5', extra: '1' } }))).toEqual({
      deductions: SHAPE,
    })
    expect(messages(validateRecord('Pit', { ...pit, deductions: { other: 'abc', socialSecurity: true } }))).toEqual({
      'deductions.socialSecurity': 'Deductions must be a number with at most 2 decimals',
      'deductions.other': 'Deductions must be a number with at most 2 decimals',
    })
    expect(messages(validateRecord('Pit', { ...pit, deductions: { other: '-5' } }))).toEqual({
      'deductions.other': 'Deductions must not be negative',
    })
    expect(messages(validateRecord('Pit', { ...pit, deductions: ['100'] }))).toEqual({
      deductions: 'Deductions must be a number with at most 2 decimals',
    })
    const whole = validateRecord('Pit', {
      ...pit,
      deductions: { socialSecurity: '10.00', healthInsurance: '0', other: '25.5' },
    })
    expect(whole.ok && whole.value.deductions).toBe('25.50')
    const none = validateRecord('Pit', { ...pit, deductions: {} })
    expect(none.ok && none.value.deductions).toBe('0.00')
    // Numbers are read as amounts, as everywhere (docs/decisions.md).
    const numbers = validateRecord('Pit', { ...pit, deductions: { socialSecurity: 12, other: 25.5 } })
    expect(numbers.ok && numbers.value.deductions).toBe('25.50')
  })

  it('rejects unknown data types and non-objects', () => {
    expect(validateRecord('Nope', {})).toMatchObject({ ok: false, errors: [{ code: 'UNKNOWN_DATA_TYPE' }] })
    expect(validateRecord('Vat', 'x')).toMatchObject({ ok: false, errors: [{ code: 'REQUIRED' }] })
  })

  it('rejects non-text texts and over-long names', () => {
    expect(
      messages(validateRecord('Income', { date: '2026-01-01', name: 'x'.repeat(501), amount: 1, percent: 0 })),
    ).toEqual({
      name: 'Name is too long (at most 500 characters)',
    })
    expect(messages(validateRecord('Primary', { companyName: {}, nip: '1' }))).toEqual({
      companyName: 'Company name must be text',
    })
  })
})

describe('item fields for the books, the VAT register and KSeF (item schema v3)', () => {
  const base = { date: '2026-03-05', name: 'Hosting', amount: '100', isCompany: true, percent: '23' }

  it('normalises the optional fields into their canonical form', () => {
    const r = validateRecord('Income', {
      ...base,
      supplyDate: '2026-02-27',
      documentNumber: ' FV 1/03/2026 ',
      description: 'Web hosting, March',
      counterparty: { name: ' ACME sp. z o.o. ', taxId: '526-000-12-46', country: 'pl', address: 'Prosta 1, Warszawa' },
      kpirColumn: 'sales',
      flatRate: '8,50',
      ksefNumber: '5265877635-20260305-0100001af629-82',
      documentType: 'fp',
      gtu: ['gtu_12', 'GTU_12', 'GTU_01'],
      procedures: 'TP, WSTO_EE',
    })
    expect(r.ok && r.value).toMatchObject({
      vatTreatment: 'rate',
      percent: '23',
      supplyDate: '2026-02-27',
      documentNumber: 'FV 1/03/2026',
      counterparty: { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'Prosta 1, Warszawa' },
      kpirColumn: 'sales',
      flatRate: '8.5',
      ksefNumber: '5265877635-20260305-0100001AF629-82',
      ksefMarker: null,
      documentType: 'FP',
      gtu: ['GTU_01', 'GTU_12'],
      procedures: ['WSTO_EE', 'TP'],
    })
  })

  it('a blank counterparty is none', () => {
    const r = validateRecord('Expense', { ...base, counterparty: { name: ' ', taxId: '', country: '', address: '' } })
    expect(r.ok && r.value.counterparty).toBeNull()
  })

  it('the VAT treatment decides the percent: inForce stores none, zw and np store 0, rate requires one', () => {
    const v = (over: object) => validateRecord('Expense', { ...base, ...over })
    const inForce = v({ vatTreatment: 'inForce', percent: '' })
    expect(inForce.ok && inForce.value.percent).toBeNull()
    const zw = v({ vatTreatment: 'zw', percent: 23 })
    expect(zw.ok && zw.value.percent).toBe('0')
    const np = v({ vatTreatment: 'np' })
    expect(np.ok && np.value.percent).toBe('0')
    expect(v({ percent: '' })).toMatchObject({
      ok: false,
      errors: [{ field: 'percent', message: 'Percent is required' }],
    })
    expect(v({ vatTreatment: 'half' })).toMatchObject({ ok: false, errors: [{ field: 'vatTreatment' }] })
  })

  it('refuses a column of the other side, a rate the act does not know, and malformed KSeF data', () => {
    const errors = (dataType: 'Income' | 'Expense', over: object) => {
      const r = validateRecord(dataType, { ...base, ...over })
      return r.ok ? [] : r.errors.map((e) => e.field)
    }
    expect(errors('Expense', { kpirColumn: 'sales' })).toEqual(['kpirColumn'])
    expect(errors('Income', { kpirColumn: 'goods' })).toEqual(['kpirColumn'])
    expect(errors('Income', { flatRate: '9' })).toEqual(['flatRate'])
    expect(errors('Income', { ksefNumber: '123-456' })).toEqual(['ksefNumber'])
    // A number of the official pattern whose check digits (a CRC-8 of the rest) are wrong is kept on an item: the
    // pattern is the schemas' (TNumerKSeF); the FA(3) import warns of it, recording an issued invoice's refuses it.
    expect(errors('Income', { ksefNumber: '5265877635-20260305-0100001AF629-AF' })).toEqual([])
    expect(errors('Income', { ksefNumber: '5265877635-20260305-0100001AF629-82', ksefMarker: 'OFF' })).toEqual([
      'ksefMarker',
    ])
    expect(errors('Income', { gtu: ['GTU_14'] })).toEqual(['gtu'])
    expect(errors('Expense', { procedures: ['TP'] })).toEqual(['procedures'])
    expect(errors('Expense', { documentType: 'FP' })).toEqual(['documentType'])
    expect(errors('Income', { counterparty: { name: 'X', country: 'POL' } })).toEqual(['counterparty.country'])
    // Two letters, but no country of the official list (TKodKraju).
    expect(errors('Income', { counterparty: { name: 'X', country: 'QQ' } })).toEqual(['counterparty.country'])
    expect(errors('Income', { counterparty: { name: 'X', country: 'de' } })).toEqual([])
    expect(errors('Income', { counterparty: 'ACME' })).toEqual(['counterparty'])
    expect(errors('Income', { documentNumber: 'x'.repeat(257) })).toEqual(['documentNumber'])
  })

  it('an expense carries no ryczałt rate and no GTU codes', () => {
    const r = validateRecord('Expense', { ...base, flatRate: '12', gtu: ['GTU_01'] })
    expect(r.ok && [r.value.flatRate, r.value.gtu]).toEqual([null, []])
  })
})

describe('manual transactions', () => {
  it('defaults to a fee with 0 % and validates the type', () => {
    expect(validateManualTransaction({ date: '2026-01-01', name: 'x', amount: '-5' })).toEqual({
      ok: true,
      value: { date: '2026-01-01', name: 'x', amount: '-5.00', eventType: '2_Fee', isCompany: false, percent: '0' },
    })
    expect(
      validateManualTransaction({ dataObject: { date: '2026-01-01', name: 'x', amount: '5' }, eventType: '9' }).ok,
    ).toBe(false)
    expect(validateManualTransaction(null).ok).toBe(false)
  })
})

describe('normalisers and Polish identifiers', () => {
  it('money and percents', () => {
    expect(normalizeMoney('007.5')).toBe('7.50')
    expect(normalizeMoney('-0')).toBe('0.00')
    expect(normalizeMoney(0.1 + 0.2)).toBeNull()
    // A whole number is written out, so that the bound (not the decimals) refuses it; a tiny fraction is refused.
    expect(normalizeMoney(1e21)).toBe('1000000000000000000000.00')
    expect(normalizeMoney(2 ** 54)).toBe('18014398509481984.00')
    expect(normalizeMoney(1e-7)).toBeNull()
    expect(normalizeMoney(12)).toBe('12.00')
    expect(normalizeMoney('1,5')).toBeNull()
    expect(normalizePercent('100')).toBe('100')
    expect(normalizePercent('100.5')).toBeNull()
    expect(normalizePercent('-1')).toBeNull()
  })

  it('NIP, REGON and postal code checksums', () => {
    expect(isValidNip('526-025-02-74')).toBe(true)
    expect(isValidNip('5260250275')).toBe(false)
    expect(isValidNip('123')).toBe(false)
    expect(isValidRegon('123456785')).toBe(true)
    expect(isValidRegon('123456786')).toBe(false)
    expect(isValidRegon('12345678512347')).toBe(true)
    expect(isValidRegon('12345678512348')).toBe(false)
    expect(isValidRegon('1')).toBe(false)
    expect(isValidPostCode('00-950')).toBe(true)
    expect(isValidPostCode('00950')).toBe(false)
  })

  it('company warnings are soft: listed, not errors', () => {
    const data = { companyName: 'A', nip: '1234567890', regon: '1', invoiceAddress: { postCode: '1' } }
    expect(companyWarnings(data).map((w) => w.field)).toEqual(['nip', 'regon', 'invoiceAddress.postCode'])
    expect(validateRecord('Invoice', data).ok).toBe(true)
    expect(companyWarnings(null)).toEqual([])
  })

  it('company warnings tell a wrong checksum, which may be overridden, from a number of the wrong form', () => {
    const says = (data: Record<string, unknown>) =>
      companyWarnings(data).map((w) => `${w.field}: ${w.message}${w.overridable ? ' (overridable)' : ''}`)
    expect(says({ nip: '12345', regon: 'abc' })).toEqual([
      'nip: NIP must be ten digits',
      'regon: REGON must be nine or fourteen digits',
    ])
    expect(says({ nip: '52602502a4', regon: '1234567851234' })).toEqual([
      'nip: NIP must be ten digits',
      'regon: REGON must be nine or fourteen digits',
    ])
    expect(says({ nip: '526-025-02-75', regon: '123456786' })).toEqual([
      'nip: Nip checksum is not valid (overridable)',
      'regon: Regon checksum is not valid (overridable)',
    ])
    expect(says({ nip: '526-025-02-74', regon: '12345678512347' })).toEqual([])
  })

  it('a phone number is digits with spaces, +, - and parentheses', () => {
    expect(isPhoneNumber('+48 (22) 123-45-67')).toBe(true)
    expect(isPhoneNumber('600100200')).toBe(true)
    expect(isPhoneNumber('abc-def')).toBe(false)
    expect(isPhoneNumber('---')).toBe(false)
    expect(companyWarnings({ phoneNumber: 'abc-def' })).toEqual([
      { field: 'phoneNumber', message: CompanyCheckMessages.phone, overridable: false },
    ])
    expect(companyWarnings({ phoneNumber: '+48 22 123 45 67' })).toEqual([])
  })
})

describe('official code lists', () => {
  it('knows the tax offices and countries of the official schemas', () => {
    expect(isTaxOfficeCode('1471')).toBe(true)
    expect(taxOfficeName('1471')).toBe('PIERWSZY MAZOWIECKI URZĄD SKARBOWY W WARSZAWIE')
    expect(isTaxOfficeCode('1400')).toBe(false)
    expect(taxOfficeName('0000')).toBeNull()
    expect(isCountryCode('PL')).toBe(true)
    expect(isCountryCode('XX')).toBe(false)
  })
})

describe('VAT as the document states it and corrections (item schema v4)', () => {
  const base = { date: '2026-03-05', name: 'Goods', amount: '1000.03', isCompany: true, percent: '23' }
  const v = (over: object, dataType: 'Income' | 'Expense' = 'Expense') => validateRecord(dataType, { ...base, ...over })

  it('keeps a stated VAT that differs from amount × percent, and drops one that equals it', () => {
    // 1000.03 × 23 % = 230.0069 → 230.01 computed; the document says 230.00.
    const stated = v({ documentVat: '230' })
    expect(stated.ok && stated.value.documentVat).toBe('230.00')
    const same = v({ documentVat: '230.01' })
    expect(same.ok && same.value.documentVat).toBeNull()
    expect(v({}).ok && (v({}) as { value: { documentVat: unknown } }).value.documentVat).toBeNull()
  })

  it('refuses a stated VAT more than 1.00 off, or on an item without a rate', () => {
    expect(v({ documentVat: '231.02' })).toMatchObject({
      ok: false,
      errors: [{ field: 'documentVat', message: 'VAT on the document must be within 1.00 of amount × percent' }],
    })
    expect(v({ vatTreatment: 'zw', documentVat: '1.00' })).toMatchObject({
      ok: false,
      errors: [{ field: 'documentVat', message: 'VAT on the document is only for items at a VAT rate' }],
    })
    expect(v({ documentVat: 'abc' })).toMatchObject({ ok: false, errors: [{ field: 'documentVat' }] })
  })

  it('a correcting item names what it corrects and may be negative; any other item may not', () => {
    const corrects = {
      documentNumber: ' FV 7/2026 ',
      ksefNumber: '5265877635-20260305-0100001af629-82',
      issueDate: '2026-03-05',
    }
    const r = v({ amount: '-100.00', documentVat: '-23.00', corrects }, 'Income')
    expect(r.ok && [r.value.amount, r.value.documentVat, r.value.corrects]).toEqual([
      '-100.00',
      null,
      { documentNumber: 'FV 7/2026', ksefNumber: '5265877635-20260305-0100001AF629-82', issueDate: '2026-03-05' },
    ])
    expect(v({ amount: '-100.00' })).toMatchObject({
      ok: false,
      errors: [{ field: 'amount', message: 'Amount must not be negative' }],
    })
    expect(v({ corrects: { ksefNumber: '5265877635-20260305-0100001AF629-82' } })).toMatchObject({
      ok: false,
      errors: [{ field: 'corrects.documentNumber', code: 'REQUIRED' }],
    })
    expect(v({ corrects: { documentNumber: 'FV 1', ksefNumber: 'x' } })).toMatchObject({
      ok: false,
      errors: [{ field: 'corrects.ksefNumber' }],
    })
    expect(
      v({ corrects: { documentNumber: 'FV 1', ksefNumber: '5265877635-20260305-0100001AF629-AF' } }),
    ).toMatchObject({ ok: true })
    const blank = v({ corrects: { documentNumber: ' ', ksefNumber: '', issueDate: null } })
    expect(blank.ok && blank.value.corrects).toBeNull()
  })
})

describe('the VAT setting takes only a statutory rate of its year', () => {
  it('refuses 23.5 % with the field and accepts 23, 8, 5 and 0 %', () => {
    const vat = (percent: string, date = '2026-01-01') => validateRecord('Vat', { date, percent, paymentInterval: 1 })
    expect(vat('23.5')).toEqual({
      ok: false,
      errors: [
        { field: 'percent', code: 'INVALID_CHOICE', message: 'Percent must be a statutory VAT rate: 23, 8, 5 or 0' },
      ],
    })
    for (const p of ['23', '8', '5', '0']) expect(vat(p).ok, p).toBe(true)
    expect(vat('22', '2010-06-01').ok).toBe(true)
    expect(vat('22').ok).toBe(false)
  })
})

describe('a VAT setting may say the sales are exempt (zw, with its legal basis) or not subject (np)', () => {
  const vat = (over: Record<string, unknown>) =>
    validateRecord('Vat', { date: '2026-01-01', paymentInterval: 1, ...over })

  it('takes zw with the basis of art. 113 or art. 43, and np without one', () => {
    expect(vat({ percent: 'zw', exemptionBasis: 'art113' })).toEqual({
      ok: true,
      value: { date: '2026-01-01', percent: 'zw', paymentInterval: 1, exemptionBasis: 'art113' },
    })
    expect(vat({ percent: ' ZW ', exemptionBasis: 'art43' })).toMatchObject({ ok: true, value: { percent: 'zw' } })
    expect(vat({ percent: 'np' })).toEqual({
      ok: true,
      value: { date: '2026-01-01', percent: 'np', paymentInterval: 1 },
    })
  })

  it('refuses zw without a basis (or another one) with the field, and drops a basis beside a rate', () => {
    expect(vat({ percent: 'zw' })).toEqual({
      ok: false,
      errors: [{ field: 'exemptionBasis', code: 'REQUIRED', message: VatSettingMessages.exemptionBasis }],
    })
    expect(vat({ percent: 'zw', exemptionBasis: 'art99' })).toMatchObject({
      ok: false,
      errors: [{ field: 'exemptionBasis', code: 'INVALID_CHOICE' }],
    })
    // Beside a rate or np the basis means nothing: dropped, as a form may keep a field it hid.
    expect(vat({ percent: '23', exemptionBasis: 'art43' })).toEqual({
      ok: true,
      value: { date: '2026-01-01', percent: '23', paymentInterval: 1 },
    })
  })
})
