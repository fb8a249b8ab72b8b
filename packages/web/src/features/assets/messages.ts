/**
 * The register's server messages (ledger-core's `AssetMessages`, English) in the user's language; anything else
 * through the app's catalogue of server messages.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import { translateMessage } from '../../i18n/serverMessages.ts'

const known: Record<string, MessageDescriptor> = {
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
}

export const useAssetMessage = () => {
  const { i18n } = useLingui()
  return useCallback(
    (text: string): string => {
      const d = known[text]
      return d ? i18n._(d) : translateMessage(i18n, text)
    },
    [i18n],
  )
}
