/**
 * The invoice messages of the core and the FA(3) writer (English) in the user's language; anything else through the
 * app's catalogue of server messages.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import { formatFor } from '../../i18n/format.ts'
import { translateWith } from '../../i18n/serverMessages.ts'

/** The marks of a pattern as values: braces written in a message would be its placeholders. */
const N = '{N}'
const YYYY = '{YYYY}'
const YY = '{YY}'
const MM = '{MM}'

const known: Record<string, MessageDescriptor> = {
  'Name is required': msg`Name is required`,
  'Nip checksum is not valid': msg`Nip checksum is not valid`,
  'Country must be a two-letter code (PL, DE)': msg`Country must be a two-letter code (PL, DE)`,
  'Date must be a date in format yyyy-mm-dd': msg`Date must be a date in format yyyy-mm-dd`,
  'Supply date must be a date in format yyyy-mm-dd': msg`Supply date must be a date in format yyyy-mm-dd`,
  'The payment term cannot be before the issue date': msg`The payment term cannot be before the issue date`,
  'An invoice needs between 1 and 1000 lines': msg`An invoice needs between 1 and 1000 lines`,
  'The buyer must be an object with name, taxId, country and address': msg`The buyer must be an object with name, taxId, country and address`,
  'Lines must be a list of objects with name, quantity, unit, unitNet and vat': msg`Lines must be a list of objects with name, quantity, unit, unitNet and vat`,
  'Payment must be an object with dueDate, method and bankAccount': msg`Payment must be an object with dueDate, method and bankAccount`,
  'The correction must be an object with invoiceId, reason and reasonDate': msg`The correction must be an object with invoiceId, reason and reasonDate`,
  'Line name is required': msg`Line name is required`,
  'Quantity must be a number above zero with at most six decimals': msg`Quantity must be a number above zero with at most six decimals`,
  'Net unit price must be an amount with at most two decimals': msg`Net unit price must be an amount with at most two decimals`,
  'Discount must be an amount not above the line value': msg`Discount must be an amount not above the line value`,
  'VAT must be 23, 8, 5, 0, zw or np': msg`VAT must be 23, 8, 5, 0, zw or np`,
  'GTU must be GTU_01 to GTU_13': msg`GTU must be GTU_01 to GTU_13`,
  'Payment method must be transfer, cash or card': msg`Payment method must be transfer, cash or card`,
  'Choose one of the company’s bank accounts': msg`Choose one of the company’s bank accounts`,
  'The legal basis of the exemption is required for an exempt line': msg`The legal basis of the exemption is required for an exempt line`,
  'The buyer’s name is required': msg`The buyer’s name is required`,
  'Choose a number series of this kind of invoice': msg`Choose a number series of this kind of invoice`,
  'Choose one of your counterparties': msg`Choose one of your counterparties`,
  'A correction corrects an issued sales invoice': msg`A correction corrects an issued sales invoice`,
  'The reason of the correction is required': msg`The reason of the correction is required`,
  'The correction changes nothing': msg`The correction changes nothing`,
  'This invoice is already issued': msg`This invoice is already issued`,
  'An invoice sent to KSeF cannot be changed: issue a correction': msg`An invoice sent to KSeF cannot be changed: issue a correction`,
  'This number was already given to another invoice': msg`This number was already given to another invoice`,
  'Company name is required for an invoice': msg`Company name is required for an invoice`,
  'NIP must be ten digits for an invoice': msg`NIP must be ten digits for an invoice`,
  'The invoice address (street or building, and a country code) is required for an invoice': msg`The invoice address (street or building, and a country code) is required for an invoice`,
  'Text must have at most 512 characters': msg`Text must have at most 512 characters`,
  'Text must have at most 255 characters': msg`Text must have at most 255 characters`,
  'Text must have at most 100 characters': msg`Text must have at most 100 characters`,
  'Text must have at most 50 characters': msg`Text must have at most 50 characters`,
  'Annex 15 must be yes or no': msg`Annex 15 must be yes or no`,
  'Currency must be PLN or a currency of NBP table A (EUR, USD, …)': msg`Currency must be PLN or a currency of NBP table A (EUR, USD, …)`,
  'A correction of an invoice in a foreign currency is not issued by Finance: issue it by hand': msg`A correction of an invoice in a foreign currency is not issued by Finance: issue it by hand`,
  'The NBP rate of the VAT base is not recorded for this invoice': msg`The NBP rate of the VAT base is not recorded for this invoice`,
  'The split-payment mark must be yes or no': msg`The split-payment mark must be yes or no`,
  'Procedure markers must be among TP, WSTO_EE, IED, TT_WNT, TT_D, I_42, I_63, B_SPV, B_SPV_DOSTAWA, B_MPV_PROWIZJA, each once': msg`Procedure markers must be among TP, WSTO_EE, IED, TT_WNT, TT_D, I_42, I_63, B_SPV, B_SPV_DOSTAWA, B_MPV_PROWIZJA, each once`,
  'Email needs to be in correct format': msg`Email needs to be in correct format`,
  'This counterparty is the buyer of a draft': msg`This counterparty is the buyer of a draft`,
  'Kind must be VAT or KOR': msg`Kind must be VAT or KOR`,
  'Numbering must restart every year or every month': msg`Numbering must restart every year or every month`,
  'Another series already uses this pattern': msg`Another series already uses this pattern`,
  'The pattern of a series that has issued numbers cannot change': msg`The pattern of a series that has issued numbers cannot change`,
  'The pattern must have between 1 and 100 characters': msg`The pattern must have between 1 and 100 characters`,
  'The pattern may use only {YYYY}, {YY}, {MM} and {N}': msg`The pattern may use only ${YYYY}, ${YY}, ${MM} and ${N}`,
  'The pattern must contain {N} exactly once': msg`The pattern must contain ${N} exactly once`,
  'The pattern must contain the year ({YYYY} or {YY})': msg`The pattern must contain the year (${YYYY} or ${YY})`,
  'A series numbered per month must contain {MM}': msg`A series numbered per month must contain ${MM}`,
}

/** An invoice in a currency without the NBP rate of a day (`missingRateMessage` of the core). */
const MISSING_RATE = /^No NBP table A rate of ([A-Z]{3}) for (\d{4}-\d{2}-\d{2}): import the NBP table for that day$/

export const useInvoiceMessage = () => {
  const { i18n, t } = useLingui()
  return useCallback(
    (text: string): string => {
      const rate = MISSING_RATE.exec(text)
      if (rate) {
        const [, code, iso] = rate
        const day = formatFor(i18n.locale === 'en' ? 'en' : 'pl').date(iso ?? '')
        return t`No NBP table A rate of ${code} for ${day}: it could not be fetched from the NBP; try again later, or import the NBP archive file on the form of an income in that currency`
      }
      return translateWith(i18n, known, text)
    },
    [i18n, t],
  )
}
