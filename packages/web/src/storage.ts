/** Local storage keys of SPEC §9. */
export const storageKeys = {
  token: 'site token',
  loginDate: 'site login date',
  role: 'site role',
  mode: 'site mode',
  pinned: 'ks_site_pinned',
  showDetails: 'ks_site_show_details',
  showSummary: 'ks_site_show_summary',
  showPrimary: 'ks_site_show_primary',
} as const

const store = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage)

export const readItem = (key: string): string | null => store()?.getItem(key) ?? null
export const writeItem = (key: string, value: string): void => store()?.setItem(key, value)
export const removeItem = (key: string): void => store()?.removeItem(key)

/** A remembered boolean flag, stored as the text true/false (SPEC §4). */
export const readFlag = (key: string, fallback: boolean): boolean => {
  const v = readItem(key)
  return v === null ? fallback : v === 'true'
}
export const writeFlag = (key: string, value: boolean): void => writeItem(key, value ? 'true' : 'false')
