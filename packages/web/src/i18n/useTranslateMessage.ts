import { useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import { translateMessage } from './serverMessages.ts'

/**
 * Translates a message that may come from the server (see i18n/serverMessages.ts); `label`: the label of the field it
 * is shown beside, which then names the field.
 */
export const useTranslateMessage = () => {
  const { i18n } = useLingui()
  return useCallback((text: string, label?: string) => translateMessage(i18n, text, label), [i18n])
}
