import { useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'

/** Month names in the UI language, January first, capitalised ("Styczeń", "January"). */
export const useMonthNames = (): string[] => {
  const { i18n } = useLingui()
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(i18n.locale, { month: 'long' })
    return Array.from({ length: 12 }, (_, m) => {
      const name = f.format(new Date(2026, m, 1))
      return name.charAt(0).toUpperCase() + name.slice(1)
    })
  }, [i18n.locale])
}
