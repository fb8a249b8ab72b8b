import { useSyncExternalStore } from 'react'
import { readItem, storageKeys, writeItem } from '../storage.ts'

/** Display mode of SPEC §4: light by default, saved under `site mode` on change, a class on the body. */
export type DisplayMode = 'light' | 'dark'

const listeners = new Set<() => void>()

export const storedMode = (): DisplayMode => (readItem(storageKeys.mode) === 'dark' ? 'dark' : 'light')

export const applyMode = (mode: DisplayMode = storedMode()): void => {
  if (typeof document === 'undefined') return
  document.body.classList.remove('light', 'dark')
  document.body.classList.add(mode)
}

export const setMode = (mode: DisplayMode): void => {
  writeItem(storageKeys.mode, mode)
  applyMode(mode)
  for (const l of listeners) l()
}

export const useDisplayMode = (): [DisplayMode, (mode: DisplayMode) => void] => {
  const mode = useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    storedMode,
    () => 'light' as DisplayMode,
  )
  return [mode, setMode]
}
