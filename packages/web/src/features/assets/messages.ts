/**
 * The register's server messages (ledger-core's `AssetMessages`, English) in the user's language; anything else
 * through the app's catalogue of server messages.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import { translateWith } from '../../i18n/serverMessages.ts'

const known: Record<string, MessageDescriptor> = {
  'Date must be a date in format yyyy-mm-dd': msg`Date must be a date in format yyyy-mm-dd`,
  'Amount must be a positive number with at most 2 decimals': msg`Amount must be a positive number with at most 2 decimals`,
  'Price must be a number with at most 2 decimals, not negative': msg`Price must be a number with at most 2 decimals, not negative`,
  'Reason must be sale, liquidation or privateUse': msg`Reason must be sale, liquidation or privateUse`,
  'VAT rate must be 23, 8 or 5': msg`VAT rate must be 23, 8 or 5`,
  'VAT is charged on a transfer to private use only': msg`VAT is charged on a transfer to private use only`,
  'The value for VAT must be a positive number with at most 2 decimals': msg`The value for VAT must be a positive number with at most 2 decimals`,
  'VAT on the transfer needs a VAT setting in force on its day, other than exempt (zw)': msg`VAT on the transfer needs a VAT setting in force on its day, other than exempt (zw)`,
  'Only a sale can be exempt from VAT': msg`Only a sale can be exempt from VAT`,
  'Exempt from VAT must be true or false': msg`Exempt from VAT must be true or false`,
  'The date must not be before the asset was entered': msg`The date must not be before the asset was entered`,
  'The asset has already left the register': msg`The asset has already left the register`,
  'Only an asset taken to private use can be sold after it': msg`Only an asset taken to private use can be sold after it`,
  'The sale of this asset is already recorded': msg`The sale of this asset is already recorded`,
  'The sale must not be dated before the transfer to private use': msg`The sale must not be dated before the transfer to private use`,
  'Kind must be start or end': msg`Kind must be start or end`,
  'The stock-taking must be dated within its year': msg`The stock-taking must be dated within its year`,
  'Value must be a number with at most 2 decimals, not negative': msg`Value must be a number with at most 2 decimals, not negative`,
  'Value must equal the sum of the lines': msg`Value must equal the sum of the lines`,
  'Name is required': msg`Name is required`,
  'Acquisition date must be a date in format yyyy-mm-dd': msg`Acquisition date must be a date in format yyyy-mm-dd`,
  'Entry date must be a date in format yyyy-mm-dd': msg`Entry date must be a date in format yyyy-mm-dd`,
  'Entry date must not be before the acquisition date': msg`Entry date must not be before the acquisition date`,
  'KŚT symbol must be one to three digits or an intangible kind': msg`KŚT symbol must be one to three digits or an intangible kind`,
  'Initial value must be a positive number with at most 2 decimals': msg`Initial value must be a positive number with at most 2 decimals`,
  'Rate is required for this KŚT symbol': msg`Rate is required for this KŚT symbol`,
  'Euro rate must be a number with at most 4 decimals, e.g. 4.2692': msg`Euro rate must be a number with at most 4 decimals, e.g. 4.2692`,
  'The purchase must be a one-time company expense in the books': msg`The purchase must be a one-time company expense in the books`,
  'This purchase is already an asset in the register': msg`This purchase is already an asset in the register`,
  'Land and residential buildings are not depreciated': msg`Land and residential buildings are not depreciated`,
  'Degressive depreciation is only for machinery, equipment and means of transport other than passenger cars': msg`Degressive depreciation is only for machinery, equipment and means of transport other than passenger cars`,
  'A one-off write-off is only for KŚT groups 3–8 other than passenger cars': msg`A one-off write-off is only for KŚT groups 3–8 other than passenger cars`,
  'Only an asset worth up to 10 000 zł can be expensed at once': msg`Only an asset worth up to 10 000 zł can be expensed at once`,
  'The individual period is shorter than the law allows for this asset': msg`The individual period is shorter than the law allows for this asset`,
  'Method must be linear, degressive, individual, oneOff or expensed': msg`Method must be linear, degressive, individual, oneOff or expensed`,
  'Rate must be a percent with at most 2 decimals': msg`Rate must be a percent with at most 2 decimals`,
  'Period must be month, quarter or year': msg`Period must be month, quarter or year`,
  'Individual period must be a whole number of months': msg`Individual period must be a whole number of months`,
  'Drive must be electric, hydrogen or combustion': msg`Drive must be electric, hydrogen or combustion`,
  'CO₂ emission must be a whole number of g/km': msg`CO₂ emission must be a whole number of g/km`,
  'The degressive factor must be more than 0 and at most 2': msg`The degressive factor must be more than 0 and at most 2`,
  'An individual period is not allowed for this kind of asset': msg`An individual period is not allowed for this kind of asset`,
  'An improvement cannot be dated before the asset was entered': msg`An improvement cannot be dated before the asset was entered`,
  'A disposal cannot be dated before the asset was entered': msg`A disposal cannot be dated before the asset was entered`,
  'Each line needs a name': msg`Each line needs a name`,
  'Quantity must be a positive number with at most 3 decimals': msg`Quantity must be a positive number with at most 3 decimals`,
  'Change of the kind of activity must be true or false': msg`Change of the kind of activity must be true or false`,
  'The asset had left the register by then': msg`The asset had left the register by then`,
  'The share of taxed use must be a whole percent from 0 to 100': msg`The share of taxed use must be a whole percent from 0 to 100`,
  'Input VAT of the asset is required: it has no purchase in the books': msg`Input VAT of the asset is required: it has no purchase in the books`,
  'Input VAT must be a number with at most 2 decimals, not negative': msg`Input VAT must be a number with at most 2 decimals, not negative`,
  'The share of taxed use does not change': msg`The share of taxed use does not change`,
  'The correction period of this asset has ended': msg`The correction period of this asset has ended`,
}

/** A register message in `i18n`'s language; `label` names the field the message is shown beside. */
export const assetMessage = (i18n: I18n, text: string, label?: string): string =>
  translateWith(i18n, known, text, label)

/**
 * `(text, label?) => text in the user's language`; `label`: the label of the field the message is shown beside, which
 * then names the field ("Date of the improvement", not "Date").
 */
export const useAssetMessage = () => {
  const { i18n } = useLingui()
  return useCallback((text: string, label?: string): string => assetMessage(i18n, text, label), [i18n])
}
