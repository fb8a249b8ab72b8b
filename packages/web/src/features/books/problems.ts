/**
 * The texts the books API answers in English (what a JPK file still needs), in the user's language: fixed
 * messages by their text, the two with an entry number by pattern; anything else through the app's catalogue of
 * server messages.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import { formatFor } from '../../i18n/format.ts'
import { translateMessage } from '../../i18n/serverMessages.ts'

/** The JPK subject's problems (company data a file needs) are the app's (`serverMessages.ts`): every download says them. */
const known: Record<string, MessageDescriptor> = {
  'The KPiR has no entries in this period; a JPK file needs at least one': msg`The KPiR has no entries in this period; a JPK file needs at least one`,
  'The ewidencja przychodów has no entries in this period; a JPK file needs at least one': msg`The ewidencja przychodów has no entries in this period; a JPK file needs at least one`,
  'The file did not pass the official schema; nothing was sent': msg`The file did not pass the official schema; nothing was sent`,
}

const noRate = /^Entry (\d+) has no ryczałt rate; give the income its rate$/
const unlistedRate = /^Entry (\d+) has a ryczałt rate of ([\d.]+) %, which JPK_EWP\(4\) does not list$/

export const useProblemText = () => {
  const { i18n } = useLingui()
  return useCallback(
    (text: string): string => {
      const d = known[text]
      if (d) return i18n._(d)
      const a = noRate.exec(text)
      if (a) {
        const entry = a[1] ?? ''
        return i18n._(msg`Entry ${entry} has no ryczałt rate; give the income its rate`)
      }
      const b = unlistedRate.exec(text)
      if (b) {
        const entry = b[1] ?? ''
        const rate = formatFor(i18n.locale.startsWith('en') ? 'en' : 'pl').percent(b[2] ?? '')
        return i18n._(msg`Entry ${entry} has a ryczałt rate of ${rate}, which JPK_EWP(4) does not list`)
      }
      return translateMessage(i18n, text)
    },
    [i18n],
  )
}
