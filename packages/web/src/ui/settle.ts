/**
 * Hands a load's answer (or its failure) on only while the effect that asked for it is current, so that a late
 * answer to a period or record the screen has left does not overwrite the new one. Returns the effect's clean-up:
 * `useEffect(() => settle(load(x), setData, () => setData(null)), [load, x])`.
 */
export const settle = <T>(load: Promise<T>, done: (value: T) => void, failed: (error: unknown) => void) => {
  let live = true
  load.then(
    (value) => {
      if (live) done(value)
    },
    (error: unknown) => {
      if (live) failed(error)
    },
  )
  return () => {
    live = false
  }
}
