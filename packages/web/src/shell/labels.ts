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
  assets: msg`Fixed assets`,
  ksef: msg`KSeF invoices`,
  bank: msg`Bank`,
  invoices: msg`Invoices`,
  counterparties: msg`Counterparties`,
  series: msg`Number series`,
  dashboard: msg`Dashboard`,
  monthly: msg`Monthly`,
  yearly: msg`Yearly`,
  logs: msg`Logs`,
  accept: msg({ message: 'Accept', context: 'page' }),
  error: msg`Error`,
  confirmation: msg`Confirmation`,
  setup: msg`Set-up`,
}

/** `true` for a segment of the app's own paths; a made-up segment (a mistyped address) has no label. */
export const isKnownSegment = (segment: string): boolean => Object.hasOwn(segmentLabels, segment)

/** The product's name: a name, the same in every language. */
export const PRODUCT = 'Finance'

/**
 * The browser tab's title of a path: the screen's name, then the product (`Podatki · Finance`); a path with a
 * made-up segment is the not-found page; home is the product alone.
 */
export const documentTitle = (i18n: I18n, pathname: string): string => {
  const segments = pathname.split('/').filter(Boolean)
  if (segments.length === 0) return PRODUCT
  if (!segments.every(isKnownSegment)) return `${i18n._(msg`Page not found`)} · ${PRODUCT}`
  return `${segmentLabel(i18n, segments[segments.length - 1] ?? '')} · ${PRODUCT}`
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
