/**
 * Translation of the English texts that validation (core, SPEC §5), the form machines and the API (SPEC §8)
 * produce: this feature's own texts and patterns here, the app-wide ones (popups, §8 errors) through
 * `i18n/serverMessages.ts`; anything unknown is shown as it came.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useCallback, useEffect } from 'react'
import { formatFor } from '../../i18n/format.ts'
import { translateField, translateMessage, translateUnderLabel } from '../../i18n/serverMessages.ts'
import { useMessages } from '../../ui/index.ts'

const known: Record<string, MessageDescriptor> = {
  'Company name is required': msg`Company name is required`,
  'Nip is required': msg`Nip is required`,
  'Nip checksum is not valid': msg`Nip checksum is not valid`,
  'Regon checksum is not valid': msg`Regon checksum is not valid`,
  'Post code should be in format NN-NNN': msg`Post code should be in format NN-NNN`,
  'NIP must be ten digits': msg`NIP must be ten digits`,
  'REGON must be nine or fourteen digits': msg`REGON must be nine or fourteen digits`,
  'Phone number may contain only digits, spaces, +, - and parentheses': msg`Phone number may contain only digits, spaces, +, - and parentheses`,
  'Payment interval is required': msg`Payment interval is required`,
  'Payment interval must be 1 or 3': msg`Payment interval must be 1 or 3`,
  'Percent must be a statutory VAT rate: 23, 8, 5 or 0': msg`Percent must be a statutory VAT rate: 23, 8, 5 or 0`,
  'Percent must be a statutory VAT rate of its year: 22, 7, 3 or 0': msg`Percent must be a statutory VAT rate of its year: 22, 7, 3 or 0`,
  '(Tax type) is required': msg`(Tax type) is required`,
  '(First percent) is required': msg`(First percent) is required`,
  '(Payment interval) is required': msg`(Payment interval) is required`,
  '(Date) is required': msg`(Date) is required`,
  'Tax type must be Flat, Linear or Scale': msg`Tax type must be Flat, Linear or Scale`,
  'Amount is required': msg`Amount is required`,
  'Name is required': msg`Name is required`,
  'Repetitions is required': msg`Repetitions is required`,
  'Data is not valid': msg`Data is not valid`,
  'The last repetition must fall on or before 2099-12-31': msg`The last repetition must fall on or before 2099-12-31`,
  // Tax-book fields (company data and item details).
  'Tax office code is not on the official list of tax offices': msg`Tax office code is not on the official list of tax offices`,
  'Counterparty country must be a two-letter country code from the official list': msg`Counterparty country must be a two-letter country code from the official list`,
  'KSeF number is not valid': msg`KSeF number is not valid`,
  'Currency must be a currency of NBP table A (EUR, USD, GBP, CHF …)': msg`Currency must be a currency of NBP table A (EUR, USD, GBP, CHF …)`,
  'Currency must be a currency of NBP table A or B (EUR, USD, GBP, CHF, AED …)': msg`Currency must be a currency of NBP table A or B (EUR, USD, GBP, CHF, AED …)`,
  "The bank's rate must be a positive decimal number (złoty per unit)": msg`The bank's rate must be a positive decimal number (złoty per unit)`,
  "The bank's rate needs the payment day (paid on)": msg`The bank's rate needs the payment day (paid on)`,
  'A recurring item in a currency has no payment day: record payments per document': msg`A recurring item in a currency has no payment day: record payments per document`,
  'Exchange rate for VAT must be nbp or ecb': msg`Exchange rate for VAT must be NBP or ECB`,
  'Amount in the currency is required': msg`Amount in the currency is required`,
  'A recurring item is in złoty: enter each foreign-currency document on its own': msg`A recurring item is in złoty: enter each foreign-currency document on its own`,
  'Not an NBP table A archive: no header row starting with "data;"': msg`This is not an NBP table A archive: it has no header row starting with "data;"`,
  'Not an NBP table A archive: the header names no currency columns or no "pełny numer tabeli"': msg`This is not an NBP table A archive: its header names no currencies or no "pełny numer tabeli"`,
  'Not an NBP table A archive: a currency column is not for 1, 10, 100, 1000 or 10000 units': msg`This is not an NBP table A archive: a currency column is not for 1, 10, 100, 1000 or 10000 units`,
  'Not an NBP table A archive: no table rows': msg`This is not an NBP table A archive: it has no table rows`,
}

const labels: Record<string, MessageDescriptor> = {
  Amount: msg`Amount`,
  Percent: msg`Percent`,
  Date: msg`Date`,
  'Invoice date': msg`Invoice date`,
  'First percent': msg`First percent`,
  'Second percent': msg`Second percent`,
  'Free of tax amount': msg`Free of tax amount`,
  'Second percent amount': msg`Second percent amount`,
  Deductions: msg`Deductions`,
  Repetitions: msg`Repetitions`,
  Name: msg`Name`,
  'Company name': msg`Company name`,
  'Owner name': msg`Owner name`,
  'Owner last name': msg`Owner last name`,
  Nip: msg`NIP`,
  Regon: msg`REGON`,
  Email: msg`Email`,
  'Phone number': msg`Phone number`,
  Website: msg`Website`,
  Other: msg`Other`,
  Country: msg`Country`,
  Region: msg`Region`,
  City: msg`City`,
  Street: msg`Street`,
  'Post code': msg`Post code`,
  Building: msg`Building`,
  'Supply date': msg`Supply date`,
  'Birth date': msg`Owner's date of birth`,
  'Business start date': msg`Business start date`,
  'VAT registration date': msg`VAT registration date`,
  Description: msg`Description`,
  'Document number': msg`Document number`,
  'Counterparty name': msg`Counterparty name`,
  'Counterparty address': msg`Counterparty address`,
  'Amount in the currency': msg`Amount in the currency`,
  'Paid on': msg`Paid on`,
}

/** The field messages of the core's validation and bounds, by their English ending. */
const FIELD_MESSAGE =
  /^(.+?) (must be a number with at most 2 decimals|must not be negative|must be a number from 0 to 100 with at most 2 decimals|must be a date in format yyyy-mm-dd|must be a whole number of at least 1|must be a whole number from 1 to 1200|must be at most 999999999999\.99|must not contain control characters)$/
const WINDOW_MESSAGE = /^(.+?) must be between (\d{4}-\d{2}-\d{2}) and (\d{4}-\d{2}-\d{2})$/
const LENGTH_MESSAGE = /^(.+?) is too long \(at most (\d+) characters\)$/
/** A row of an NBP archive file that does not read (books/src/rates/nbpArchive.ts). */
const ARCHIVE_ROW = /^Row (\d+): .*$/
/** A foreign-currency item without the NBP rate of a day (tax/currency.ts `missingRateMessage`). */
const MISSING_RATE = /^No NBP table A rate of ([A-Z]{3}) for (\d{4}-\d{2}-\d{2}): import the NBP table for that day$/
const MISSING_RATE_B = /^No NBP table B rate of ([A-Z]{3}) for (\d{4}-\d{2}-\d{2}): import the NBP table for that day$/
const MISSING_RATE_ECB = /^No ECB rate of ([A-Z]{3}) for (\d{4}-\d{2}-\d{2}): import the ECB rates for that day$/

/**
 * `(text, label?) => translated text` for the active language. `label`: the label of the field the message is shown
 * beside; a message naming that field otherwise (`(First percent) is required` under a linear PIT's "Tax rate") names
 * it by the label, as the form shows it.
 */
export const useTranslateMessage = (): ((text: string, label?: string) => string) => {
  const { i18n, t } = useLingui()
  return useCallback(
    (text: string, fieldLabel?: string) => {
      /** A date of the books as every date reads (`15 Jan 2026`). */
      const date = (d: string | undefined) => formatFor(i18n.locale === 'en' ? 'en' : 'pl').date(d ?? '')
      /** A field's name as this feature's catalog (else the app's) gives it. */
      const nameOf = (field: string) => (labels[field] ? i18n._(labels[field]) : translateField(i18n, field))
      const fieldMessage = (label: string, ending: string | undefined) => {
        switch (ending) {
          case 'must be a number with at most 2 decimals':
            return t`${label} must be a number with at most 2 decimals`
          case 'must not be negative':
            return t`${label} must not be negative`
          case 'must be a number from 0 to 100 with at most 2 decimals':
            return t`${label} must be a number from 0 to 100 with at most 2 decimals`
          case 'must be a date in format yyyy-mm-dd':
            return t`${label} must be a date in format yyyy-mm-dd`
          case 'must be a whole number from 1 to 1200':
            return t`${label} must be a whole number from 1 to 1200`
          case 'must be at most 999999999999.99':
            return t`${label} must be at most 999999999999.99`
          case 'must not contain control characters':
            return t`${label} must not contain control characters`
          default:
            return t`${label} must be a whole number of at least 1`
        }
      }
      if (fieldLabel !== undefined) {
        const m = FIELD_MESSAGE.exec(text)
        if (m && nameOf(m[1] ?? '') !== fieldLabel) return fieldMessage(fieldLabel, m[2])
        const labelled = m ? null : translateUnderLabel(i18n, text, fieldLabel, nameOf)
        if (labelled !== null) return labelled
      }
      const k = known[text]
      if (k) return i18n._(k)
      const window = WINDOW_MESSAGE.exec(text)
      if (window) {
        const [, field = '', from, to] = window
        const label = labels[field] ? i18n._(labels[field]) : field
        return t`${label} must be between ${from} and ${to}`
      }
      const row = ARCHIVE_ROW.exec(text)
      if (row) {
        const [, n] = row
        return t`Row ${n} of the file is not written as in the NBP archive`
      }
      const rate = MISSING_RATE.exec(text)
      if (rate) {
        const [, code, iso] = rate
        const day = date(iso)
        return t`No NBP table A rate of ${code} for ${day}: import the NBP table for that day`
      }
      const rateB = MISSING_RATE_B.exec(text)
      if (rateB) {
        const [, code, iso] = rateB
        const day = date(iso)
        return t`No NBP table B rate of ${code} for ${day}: import the NBP table B for that day`
      }
      const rateEcb = MISSING_RATE_ECB.exec(text)
      if (rateEcb) {
        const [, code, iso] = rateEcb
        const day = date(iso)
        return t`No ECB rate of ${code} for ${day}: import the ECB rates for that day`
      }
      const length = LENGTH_MESSAGE.exec(text)
      if (length) {
        const [, field = '', max] = length
        const label = labels[field] ? i18n._(labels[field]) : field
        return t`${label} is too long (at most ${max} characters)`
      }
      const m = FIELD_MESSAGE.exec(text)
      if (m) {
        const l = labels[m[1] ?? '']
        return fieldMessage(l ? i18n._(l) : (m[1] ?? ''), m[2])
      }
      return translateMessage(i18n, text)
    },
    [i18n, t],
  )
}

/** Shows a machine's `notify` event as a popup in the user's language: its messages joined, an error unless it is info. */
export const useNotify = () => {
  const messages = useMessages()
  const translate = useTranslateMessage()
  return useCallback(
    (e: { readonly messages: readonly string[]; readonly level?: 'info' | 'error' }) => {
      const text = e.messages.map((m) => translate(m)).join(' ')
      if (e.level === 'info') messages.info(text)
      else messages.error(text)
    },
    [messages, translate],
  )
}

/** Shows the `notify` events of a form or list machine's actor as popups while the component is mounted. */
export const useNotices = (actor: {
  on: (
    type: 'notify',
    handler: (e: { readonly messages: readonly string[]; readonly level?: 'info' | 'error' }) => void,
  ) => { unsubscribe: () => void }
}) => {
  const notify = useNotify()
  useEffect(() => {
    const sub = actor.on('notify', notify)
    return () => sub.unsubscribe()
  }, [actor, notify])
}
