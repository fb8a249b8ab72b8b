/**
 * The bulk bench's reads of another user's month (`bulk.ts`, `otherReader.ts`): one every 5 ms until `stop()`, each
 * timed from when it was due, so that a read which waits behind other work counts its wait, as a request arriving
 * then would. Only reads due while `counting()` are kept; `lateness` is each kept read's timer lateness alone (the
 * time its thread waited before it could start).
 */
export const timedReads = async (
  read: () => Promise<unknown>,
  stop: () => boolean,
  counting: () => boolean = () => true,
): Promise<{ waits: number[]; lateness: number[] }> => {
  const waits: number[] = []
  const lateness: number[] = []
  while (!stop()) {
    const due = performance.now() + 5
    await new Promise((r) => setTimeout(r, 5))
    const counted = counting()
    const late = performance.now() - due
    await read()
    if (counted) {
      waits.push(performance.now() - due)
      lateness.push(late)
    }
  }
  return { waits, lateness }
}
