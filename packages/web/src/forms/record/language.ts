import { useLingui } from '@lingui/react/macro'
import type { Language } from '../../i18n/number.ts'

/** The UI language as the number formatting understands it. */
export const useLanguage = (): Language => {
  const { i18n } = useLingui()
  return i18n.locale === 'en' ? 'en' : 'pl'
}
