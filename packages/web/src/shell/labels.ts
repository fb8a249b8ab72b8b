import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** Labels of path segments, for the breadcrumb. */
const segmentLabels: Record<string, MessageDescriptor> = {
  '': msg`Home`,
  user: msg`User`,
  login: msg`Login`,
  logout: msg`Logout`,
  register: msg`Register`,
  changepassword: msg`Password`,
  resetpassword: msg`Reset password`,
  resetpasswordconfirmed: msg`Reset password`,
  settings: msg`Settings`,
  companydashboard: msg`Company`,
  company: msg`Your company`,
  fees: msg`Fees`,
  taxes: msg`Taxes`,
  recurring: msg`Recurring`,
  fixed: msg`Fixed`,
  socialsecurity: msg`Social Security`,
  revenues: msg`Revenues`,
  books: msg`Tax book`,
  ksef: msg`KSeF invoices`,
  dashboard: msg`Dashboard`,
  monthly: msg`Monthly`,
  yearly: msg`Yearly`,
  logs: msg`Logs`,
  accept: msg`Accept`,
  error: msg`Error`,
  confirmation: msg`Confirmation`,
}

export const segmentLabel = (i18n: I18n, segment: string): string => {
  const d = segmentLabels[segment]
  return d ? i18n._(d) : decodeURIComponent(segment)
}

/** Breadcrumb items from a path: home first, then one per segment, each with the path up to it. */
export const breadcrumbItems = (pathname: string): { segment: string; to: string }[] => {
  const segments = pathname.split('/').filter(Boolean)
  return [
    { segment: '', to: '/' },
    ...segments.map((s, i) => ({ segment: s, to: `/${segments.slice(0, i + 1).join('/')}` })),
  ]
}
