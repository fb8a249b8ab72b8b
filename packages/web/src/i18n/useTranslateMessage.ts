import { useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import { translateMessage } from './serverMessages.ts'

/** Translates a message that may come from the server (see i18n/serverMessages.ts). */
export const useTranslateMessage = () => {
  const { i18n } = useLingui()
  return useCallback((text: string) => translateMessage(i18n, text), [i18n])
}
