/**
 * The yearly depreciation rates of fixed assets by their KŚT symbol (Klasyfikacja Środków Trwałych 2016,
 * rozporządzenie Rady Ministrów z 3 października 2016 r., Dz.U. 2016 poz. 1864) as Annex 1 to the PIT act lists
 * them ("Wykaz rocznych stawek amortyzacyjnych", załącznik nr 1 do ustawy z 26 lipca 1991 r. o podatku dochodowym
 * od osób fizycznych, t.j. Dz.U. 2025 poz. 163), and the periods of intangible assets (art. 22m ust. 1).
 *
 * One entry per symbol the annex names (a group, a subgroup or a kind); a symbol is matched by its longest prefix
 * present here, so `491` (computers) wins over `4` (general machinery). The file holds the annex's positions a
 * sole trader meets (buildings, machinery, computers, vehicles, equipment); a symbol of a position not listed here
 * takes the rate the user types from the annex. Land (group 0) is never depreciated (art. 22c pkt 1) and, since
 * 2023, neither are residential buildings and flats (art. 22c pkt 2): their entries say `depreciable: false`.
 *
 * Every rate here is also the base of the degressive method (art. 22k ust. 1, × a factor up to 2.0) and of the
 * one-off write-off's remainder.
 */
import type { PercentString } from '../types.ts'

/** One position of the annex (or an intangible kind of art. 22m). */
export interface KstRate {
  /** The KŚT symbol (group, subgroup or kind), or `WNiP-…` for an intangible kind. */
  readonly symbol: string
  /** The yearly rate in percent. */
  readonly rate: PercentString
  /** The annex's name, Polish (statutory text), and an English gloss. */
  readonly name: { readonly pl: string; readonly en: string }
  /** `false`: the law forbids depreciating it (land; residential buildings and flats since 2023). */
  readonly depreciable: boolean
  /** `true` for intangible assets (wartości niematerialne i prawne). */
  readonly intangible?: true
}

const r = (symbol: string, rate: PercentString, pl: string, en: string, depreciable = true): KstRate => ({
  symbol,
  rate,
  name: { pl, en },
  depreciable,
})

/** The annex's rates (see the module comment for the source). */
export const KST_RATES: readonly KstRate[] = [
  r('0', '0', 'Grunty', 'Land', false),
  // Group 1: buildings and premises.
  r('10', '2.5', 'Budynki niemieszkalne', 'Non-residential buildings'),
  r('102', '4.5', 'Podziemne garaże i zadaszone parkingi', 'Underground garages and covered car parks'),
  r('103', '10', 'Kioski towarowe o kubaturze poniżej 500 m³', 'Kiosks under 500 m³'),
  r('104', '4.5', 'Zbiorniki, silosy oraz magazyny podziemne', 'Tanks, silos and underground stores'),
  r('109', '10', 'Domki kempingowe, budynki zastępcze', 'Camping cabins, temporary buildings'),
  r('11', '1.5', 'Budynki mieszkalne', 'Residential buildings', false),
  r('121', '2.5', 'Lokale niemieszkalne', 'Non-residential premises'),
  r('122', '1.5', 'Lokale mieszkalne', 'Residential premises (flats)', false),
  // Group 3: boilers and power machines.
  r('3', '7', 'Kotły i maszyny energetyczne', 'Boilers and power machines'),
  // Group 4: general-purpose machines.
  r('4', '10', 'Maszyny, urządzenia i aparaty ogólnego zastosowania', 'General-purpose machines and devices'),
  r('491', '30', 'Zespoły komputerowe', 'Computer sets (computers, laptops, servers)'),
  // Group 5: specialised machines.
  r('5', '14', 'Maszyny, urządzenia i aparaty specjalistyczne', 'Specialised machines and devices'),
  // Group 6: technical devices.
  r('6', '10', 'Urządzenia techniczne', 'Technical devices'),
  // Group 7: means of transport.
  r('7', '14', 'Środki transportu', 'Means of transport'),
  r('740', '20', 'Motocykle, motorowery i skutery', 'Motorcycles, mopeds and scooters'),
  r('741', '20', 'Samochody osobowe', 'Passenger cars'),
  r('742', '20', 'Samochody ciężarowe', 'Lorries and vans'),
  r('743', '20', 'Autobusy i autokary', 'Buses and coaches'),
  // Group 8: tools, instruments, movables and equipment.
  r('8', '20', 'Narzędzia, przyrządy, ruchomości i wyposażenie', 'Tools, instruments, movables and equipment'),
  // Intangible assets (art. 22m ust. 1): a period in months, shown as its yearly rate.
  {
    ...r('WNiP-licencje', '50', 'Licencje i prawa autorskie (24 miesiące)', 'Licences and copyrights (24 months)'),
    intangible: true,
  },
  {
    ...r('WNiP-rozwojowe', '100', 'Koszty prac rozwojowych (12 miesięcy)', 'Development costs (12 months)'),
    intangible: true,
  },
  {
    ...r('WNiP-inne', '20', 'Pozostałe wartości niematerialne (60 miesięcy)', 'Other intangibles (60 months)'),
    intangible: true,
  },
]

/** The annex's entry for a symbol: the longest listed prefix of it, or `null` when none. */
export const kstRateOf = (symbol: string): KstRate | null => {
  let best: KstRate | null = null
  for (const e of KST_RATES) {
    const match = e.intangible ? symbol === e.symbol : symbol.startsWith(e.symbol)
    if (match && (best === null || e.symbol.length > best.symbol.length)) best = e
  }
  return best
}

/** The KŚT group (the first digit, 0–9) of a symbol; `null` for an intangible or a symbol that is not a KŚT one. */
export const kstGroupOf = (symbol: string): number | null => (/^\d/.test(symbol) ? Number(symbol[0]) : null)

/**
 * The annex's position ("Pozycja", 01–08) a KŚT symbol's rate is listed under: the annex lists its rates in one
 * position per KŚT group 1–8 — 01 buildings and premises, 02 civil engineering structures, 03 boilers and power
 * machines, 04 general machinery, 05 specialised machinery, 06 technical devices, 07 means of transport, 08 tools and
 * equipment (Annex 1, column "Pozycja"). `null` for land (group 0), livestock (group 9) and intangibles.
 */
export const annexPositionOf = (symbol: string): string | null => {
  const g = kstGroupOf(symbol)
  return g !== null && g >= 1 && g <= 8 ? `0${g}` : null
}

/** `true` for a passenger car (KŚT 741), the kind art. 23 ust. 1 pkt 4 limits and art. 22k ust. 1 excludes. */
export const isPassengerCarKst = (symbol: string): boolean => symbol.startsWith('741')

/** A valid KŚT symbol: one to three digits, or an intangible kind listed here. */
export const isKstSymbol = (s: unknown): s is string =>
  typeof s === 'string' && (/^\d{1,3}$/.test(s) || KST_RATES.some((e) => e.intangible && e.symbol === s))
