/**
 * The 'Show' choices of the monthly dashboard, remembered in local storage as the text `true`/`false`
 * (SPEC §4, §9 keys). A missing or unreadable value shows the section.
 */
export type ShowSection = 'primary' | 'details' | 'summary'
export type ShowFlags = Record<ShowSection, boolean>

export const SHOW_KEYS: Record<ShowSection, string> = {
  primary: 'ks_site_show_primary',
  details: 'ks_site_show_details',
  summary: 'ks_site_show_summary',
}

type Reader = Pick<Storage, 'getItem'>
type Writer = Pick<Storage, 'setItem'>

const read = (storage: Reader | undefined, key: string): boolean => {
  try {
    return storage?.getItem(key) !== 'false'
  } catch {
    return true
  }
}

export const readShowFlags = (storage: Reader | undefined): ShowFlags => ({
  primary: read(storage, SHOW_KEYS.primary),
  details: read(storage, SHOW_KEYS.details),
  summary: read(storage, SHOW_KEYS.summary),
})

export const writeShowFlag = (storage: Writer | undefined, section: ShowSection, value: boolean): void => {
  try {
    storage?.setItem(SHOW_KEYS[section], value ? 'true' : 'false')
  } catch {
    // Storage full or disabled: the choice still applies to this page view.
  }
}

/** The browser's local storage when there is one (absent in some tests and when disabled). */
export const browserStorage = (): Storage | undefined => {
  try {
    return globalThis.localStorage ?? undefined
  } catch {
    return undefined
  }
}
