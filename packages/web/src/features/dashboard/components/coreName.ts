import { useLingui } from '@lingui/react/macro'

/**
 * Row names the core builds for derived rows ("Income 2026-01" for the month a health contribution is based
 * on, "Revenue 2026" for the ryczałt tier base) are English data; this shows them in the reader's language.
 * User-entered names pass through unchanged.
 */
export const useCoreName = (context: 'default' | 'health' = 'default') => {
  const { t } = useLingui()
  return (name: string): string => {
    const income = /^Income (\d{4}-\d{2})$/.exec(name)
    if (income) {
      const month = income[1]
      // On the social security card the month's row is the health contribution computed from that income.
      return context === 'health' ? t`Health insurance ${month}` : t`Income ${month}`
    }
    const revenue = /^Revenue (\d{4})$/.exec(name)
    if (revenue) {
      const year = revenue[1]
      return t`Revenue ${year}`
    }
    return name
  }
}
