/** A flat file of the VAT payers' list as the Ministry writes it, built from plain NIP + account pairs (tests). */
import { flatFileHash } from '../../src/whitelist/flatFile.ts'

export const writeFlatFile = (o: {
  readonly date: string
  readonly iterations?: number
  readonly active?: readonly [string, string][]
  readonly exempt?: readonly [string, string][]
  readonly masks?: readonly string[]
  readonly filler?: number
}): string => {
  const day = o.date.replace(/-/g, '')
  const iterations = o.iterations ?? 5000
  const hash = ([nip, account]: [string, string]) => flatFileHash(day, nip, account, iterations)
  // Other payers' hashes around ours, so a search must find the right one among many.
  const filler = Array.from({ length: o.filler ?? 3 }, (_, i) => hash([String(1000000000 + i), '0'.repeat(26)]))
  return JSON.stringify(
    {
      naglowek: {
        dataGenerowaniaDanych: day,
        liczbaTransformacji: String(iterations),
        schemat: 'RRRRMMDDNNNNNNNNNNBBBBBBBBBBBBBBBBBBBBBBBBBB',
      },
      skrotyPodatnikowCzynnych: [...filler, ...(o.active ?? []).map(hash)].sort(),
      skrotyPodatnikowZwolnionych: (o.exempt ?? []).map(hash),
      maski: o.masks ?? [],
    },
    null,
    1,
  )
}
