/**
 * The CLI's message table: headings, labels, prompts, results and errors in Polish (default) and English. The web app
 * uses Lingui catalogs; a terminal tool with a few dozen texts keeps them here. A text with values is a function of
 * them (`translate('pl', 'noUser', email)`). JSON and CSV keys are never translated.
 */
import { safetyMessages } from './safetyMessages.ts'

export type Lang = 'pl' | 'en'
export const LANGS: readonly Lang[] = ['pl', 'en']

/**
 * A command's own texts in both languages (`{0}`, `{1}` … placeholders) as one translating function, so every command
 * module fills its placeholders the same way: `const t = catalog(T)`, then `t(lang, key, ...values)`.
 */
export const catalog =
  <K extends string>(table: Readonly<Record<K, Readonly<Record<Lang, string>>>>) =>
  (lang: Lang, key: K, ...values: (string | number)[]): string =>
    values.reduce<string>((text, v, i) => text.replace(`{${i}}`, String(v)), table[key][lang])

type Text = string | ((...values: never[]) => string)

/** The figures of the replay's summary line, already formatted (counts grouped, seconds with two decimals). */
export interface ReplayLine {
  readonly events: string
  readonly asOf: string | null
  readonly applied: string
  readonly books: string
  readonly users: string
  readonly seconds: string
  readonly rate: string
  readonly threads: number
}

const labels = {
  transactions: { pl: 'Transakcje', en: 'Transactions' },
  obligations: { pl: 'Zobowiązania (VAT, PIT, ZUS)', en: 'Obligations (VAT, PIT, social security)' },
  costSummary: { pl: 'Podsumowanie kosztów', en: 'Cost summary' },
  yearSummary: { pl: 'Podsumowanie roku', en: 'Yearly summary' },
  noTransactions: { pl: 'Brak transakcji', en: 'No transactions' },
  noObligations: { pl: 'Brak zobowiązań', en: 'No obligations' },
  id: { pl: 'Id', en: 'Id' },
  date: { pl: 'Data', en: 'Date' },
  name: { pl: 'Nazwa', en: 'Name' },
  type: { pl: 'Typ', en: 'Type' },
  net: { pl: 'Netto', en: 'Net' },
  vat: { pl: 'VAT', en: 'VAT' },
  gross: { pl: 'Brutto', en: 'Gross' },
  company: { pl: 'Firmowa', en: 'Company' },
  kind: { pl: 'Rodzaj', en: 'Kind' },
  period: { pl: 'Okres', en: 'Period' },
  amount: { pl: 'Kwota', en: 'Amount' },
  dueDate: { pl: 'Termin', en: 'Due date' },
  status: { pl: 'Stan', en: 'Status' },
  paid: { pl: 'zapłacone', en: 'paid' },
  unpaid: { pl: 'do zapłaty', en: 'to pay' },
  overdue: { pl: 'po terminie', en: 'overdue' },
  yes: { pl: 'tak', en: 'yes' },
  no: { pl: 'nie', en: 'no' },
  month: { pl: 'Miesiąc', en: 'Month' },
  companyIncome: { pl: 'Przychód firmy', en: 'Company revenue' },
  companyVat: { pl: 'VAT', en: 'VAT' },
  companyPit: { pl: 'PIT', en: 'PIT' },
  companySocialSecurity: { pl: 'ZUS', en: 'Social security' },
  companyExpense: { pl: 'Koszty firmy', en: 'Company expense' },
  companyNetIncome: { pl: 'Dochód netto firmy', en: 'Company net' },
  privateIncome: { pl: 'Przychód prywatny', en: 'Private revenue' },
  privateExpense: { pl: 'Wydatki prywatne', en: 'Private fees' },
  privateNet: { pl: 'Prywatny brutto', en: 'Private gross' },
  summary: { pl: 'Podsumowanie', en: 'Summary' },
  Revenue: { pl: 'Przychód', en: 'Revenue' },
  Fee: { pl: 'Koszt', en: 'Fee' },
  Vat: { pl: 'VAT', en: 'VAT' },
  Pit: { pl: 'PIT', en: 'PIT' },
  SocialSecurity: { pl: 'ZUS', en: 'Social security' },
  email: { pl: 'E-mail', en: 'E-mail' },
  role: { pl: 'Rola', en: 'Role' },
  userId: { pl: 'Id użytkownika', en: 'User id' },
  createdAt: { pl: 'Czas', en: 'Time' },
  noChanges: { pl: 'Brak zmian', en: 'No changes' },
  asOf: { pl: 'Stan na', en: 'As of' },
  totals: { pl: 'Sumy miesiąca', en: 'Month totals' },
  totalRevenue: { pl: 'Przychody', en: 'Revenue' },
  totalFees: { pl: 'Koszty', en: 'Fees' },
  shortSocialSecurity: { pl: 'ZUS (skrócony)', en: 'Short social security' },
  done: { pl: 'zrealizowane', en: 'done' },
  cumulative: { pl: 'narastająco', en: 'cumulative' },
} as const satisfies Record<string, Record<Lang, string>>

/** Prompts, results and errors. */
const messages = {
  // report annual
  yearEnd: { pl: 'Rozliczenie roczne', en: 'Year end' },
  projectedNote: {
    pl: (month: string) => `prognoza: miesiące po ${month} wyliczone z pozycji już zaplanowanych`,
    en: (month: string) => `projection: the months after ${month} come from the items already scheduled`,
  },
  noReturn: {
    pl: 'Brak zeznania: nie wybrano formy opodatkowania na ten rok',
    en: 'No return: no form of taxation chosen for the year',
  },
  noSettlement: {
    pl: 'Brak rozliczenia składki zdrowotnej: żaden miesiąc nie był ubezpieczony',
    en: 'No health settlement: no insured month',
  },
  noBooks: { pl: 'Brak danych w księgach', en: 'Nothing in the books' },
  formScale: { pl: 'skala podatkowa', en: 'tax scale' },
  formLinear: { pl: 'podatek liniowy', en: 'linear tax' },
  formFlat: { pl: 'ryczałt', en: 'ryczałt (flat rate)' },
  revenue: { pl: 'Przychód', en: 'Revenue' },
  costsWithFp: { pl: 'Koszty (z Funduszem Pracy)', en: 'Costs (Fundusz Pracy included)' },
  labourFund: { pl: 'w tym Fundusz Pracy', en: 'of which Fundusz Pracy' },
  income: { pl: 'Dochód', en: 'Income' },
  loss: { pl: 'Strata', en: 'Loss' },
  socialPaid: { pl: 'Składki społeczne zapłacone w roku', en: 'Social contributions paid in the year' },
  socialDeducted: { pl: 'Składki społeczne odliczone', en: 'Social contributions deducted' },
  healthPaid: { pl: 'Składki zdrowotne zapłacone w roku', en: 'Health contributions paid in the year' },
  healthDeducted: { pl: 'Składka zdrowotna odliczona', en: 'Health contributions deducted' },
  otherDeductions: { pl: 'Inne odliczenia', en: 'Other deductions' },
  lossDeducted: { pl: 'Strata z lat ubiegłych odliczona', en: 'Loss of earlier years deducted' },
  ikzePaid: { pl: 'Wpłaty na IKZE', en: 'IKZE payments' },
  ikzeDeducted: { pl: 'Wpłaty na IKZE odliczone', en: 'IKZE payments deducted' },
  spouseIncome: { pl: 'Dochód małżonka', en: "Spouse's income" },
  spouseAdvances: { pl: 'Zaliczki małżonka', en: "Spouse's advances" },
  taxBeforeRelief: { pl: 'Podatek przed ulgą na dzieci', en: 'Tax before the child relief' },
  childRelief: { pl: 'Ulga na dzieci', en: 'Child relief' },
  childDeducted: { pl: 'Ulga na dzieci odliczona od podatku', en: 'Child relief deducted from the tax' },
  childRefund: { pl: 'Ulga na dzieci do zwrotu', en: 'Child relief refunded' },
  lossRefused: {
    pl: (year: string, why: string) => `Strata z ${year} r. nie została odliczona: ${why}`,
    en: (year: string, why: string) => `The loss of ${year} is not deducted: ${why}`,
  },
  loss_outsideWindow: {
    pl: 'stratę odlicza się tylko w ciągu pięciu kolejnych lat',
    en: 'a loss is deducted only in the next five years',
  },
  loss_otherForm: {
    pl: 'strata powstała przy innej formie opodatkowania',
    en: 'the loss was incurred under another form of taxation',
  },
  loss_nothingLeft: { pl: 'strata została już odliczona w całości', en: 'the loss is already deducted in full' },
  jointRefused: {
    pl: 'Wspólne rozliczenie z małżonkiem przysługuje tylko przy skali podatkowej',
    en: 'Joint filing with a spouse is only for the tax scale',
  },
  childRefused: {
    pl: 'Ulga na dzieci przysługuje tylko przy skali podatkowej',
    en: 'The child relief is only for the tax scale',
  },
  childOverLimit: {
    pl: (limit: string) => `Ulga na jedno dziecko nie przysługuje: dochód przekracza ${limit} zł`,
    en: (limit: string) => `No relief for one child: the income is over ${limit} zł`,
  },
  taxBase: { pl: 'Podstawa opodatkowania', en: 'Tax base' },
  taxDue: { pl: 'Podatek należny', en: 'Tax due' },
  advances: { pl: 'Zaliczki za rok', en: 'Advances for the year' },
  toPay: { pl: 'Do zapłaty', en: 'To pay' },
  refund: { pl: 'Do zwrotu', en: 'To be refunded' },
  healthSettlement: { pl: 'Roczne rozliczenie składki zdrowotnej', en: 'Annual health settlement' },
  healthBasisIncome: { pl: 'Dochód roczny', en: "The year's income" },
  healthBasisRevenue: {
    pl: 'Przychód roczny pomniejszony o składki społeczne',
    en: "The year's revenue less social contributions",
  },
  rate: { pl: 'Stawka', en: 'Rate' },
  band: { pl: 'Próg przychodu', en: 'Revenue band' },
  computed: { pl: 'Składka wyliczona', en: 'Contribution computed' },
  minimum: { pl: 'Składka minimalna (suma miesięcy)', en: 'Minimum (the months summed)' },
  minimumBase: { pl: 'Minimalna podstawa wymiaru (suma miesięcy)', en: 'Minimum base (the months summed)' },
  dueForYear: { pl: 'Składka należna za rok', en: "The year's contribution" },
  paidMonthly: { pl: 'Składki miesięczne', en: 'Monthly contributions' },
  overpaid: { pl: 'Nadpłata', en: 'Overpaid' },
  insuredMonths: { pl: 'Miesiące ubezpieczenia', en: 'Insured months' },
  yearEndObligations: { pl: 'Zobowiązania roczne', en: 'Year-end obligations' },
  PITAnnual: { pl: 'PIT roczny', en: 'Annual PIT' },
  HealthAnnual: { pl: 'Zdrowotna roczna', en: 'Annual health' },
  compareForms: { pl: 'Porównanie form opodatkowania', en: 'The forms of taxation compared' },
  form: { pl: 'Forma', en: 'Form' },
  social: { pl: 'Składki społeczne', en: 'Social contributions' },
  health: { pl: 'Składka zdrowotna', en: 'Health contribution' },
  tax: { pl: 'Podatek', en: 'Tax' },
  total: { pl: 'Razem', en: 'Total' },
  current: { pl: 'bieżąca', en: 'current' },
  cheapest: { pl: 'najtańsza', en: 'cheapest' },
  flatRateUsed: { pl: (rate: string) => `Stawka ryczałtu: ${rate}`, en: (rate: string) => `Ryczałt rate: ${rate}` },
  flatRateAssumed: { pl: '(przyjęta — wybierz swoją: --flat-rate)', en: '(assumed — choose yours: --flat-rate)' },
  warnings: { pl: 'Progi', en: 'Thresholds' },
  noWarnings: { pl: 'Żaden próg nie został przekroczony ani nie jest blisko', en: 'No threshold crossed or near' },
  crossed: { pl: 'przekroczony', en: 'crossed' },
  near: { pl: 'blisko', en: 'near' },
  inMonth: { pl: (month: string) => `(miesiąc: ${month})`, en: (month: string) => `in ${month}` },
  wholeYear: { pl: 'cały rok', en: 'the whole year' },
  projected: { pl: 'prognoza', en: 'projected' },
  scaleThreshold: {
    pl: 'Próg skali 120 000 zł (podstawa na skali)',
    en: 'Scale threshold of 120 000 zł (the base on the scale)',
  },
  flatHealthBand60: { pl: 'Ryczałt: próg składki zdrowotnej 60 000 zł', en: 'Ryczałt: health band of 60 000 zł' },
  flatHealthBand300: { pl: 'Ryczałt: próg składki zdrowotnej 300 000 zł', en: 'Ryczałt: health band of 300 000 zł' },
  vatExemption: { pl: 'Limit zwolnienia z VAT (art. 113)', en: 'VAT exemption limit (art. 113)' },
  ksefMonthly: {
    pl: 'KSeF 2026: 10 000 zł sprzedaży brutto w miesiącu',
    en: 'KSeF 2026: 10 000 zł of invoiced sales with VAT in a month',
  },
  smallZusPlusRevenue: { pl: 'Mały ZUS plus: limit przychodu', en: 'Mały ZUS plus: revenue limit' },
  smallZusPlus: {
    pl: (year: number, basedOn: number) => `Mały ZUS plus w ${year} (z danych ${basedOn})`,
    en: (year: number, basedOn: number) => `Mały ZUS plus in ${year} (from ${basedOn})`,
  },
  eligible: { pl: 'przysługuje', en: 'would apply' },
  notEligible: { pl: 'nie przysługuje', en: 'would not apply' },
  revenueOverLimit: { pl: 'przychód ponad limit', en: 'revenue over the limit' },
  tooFewDays: { pl: 'mniej niż 60 dni działalności', en: 'fewer than 60 days of business' },
  flatIncome: {
    pl: 'na ryczałcie dochodu do podstawy nie wyliczamy',
    en: 'on ryczałt the income behind the basis is not derived here',
  },
  zusBasis: { pl: 'Podstawa wymiaru', en: 'Contribution basis' },
  zusMonthly: { pl: 'Składki społeczne miesięcznie', en: 'Social contributions a month' },
  zusNow: { pl: 'obecnie', en: 'now' },
  zusLess: {
    pl: (amount: string) => `${amount} zł mniej miesięcznie`,
    en: (amount: string) => `${amount} zł less a month`,
  },
  zusMore: {
    pl: (amount: string) => `${amount} zł więcej miesięcznie`,
    en: (amount: string) => `${amount} zł more a month`,
  },
  flatRateChoice: {
    pl: (rates: string) => `--flat-rate musi być jedną ze stawek ${rates}`,
    en: (rates: string) => `--flat-rate must be one of ${rates}`,
  },
  dueOn: { pl: 'termin', en: 'due' },
  zusYearly: {
    pl: 'Zmiana w roku (składki społeczne; podatek i zdrowotna pójdą za nimi)',
    en: 'Change in a year (social contributions; the tax and health follow them)',
  },
  ratesFallback: {
    pl: 'uwaga: stawki tego roku nie są jeszcze w tabeli — użyto najbliższego roku',
    en: "note: this year's rates are not tabled yet — the nearest year's are used",
  },
  error: { pl: 'błąd:', en: 'error:' },
  usageHint: { pl: '(pomoc: --help)', en: '(run with --help for usage)' },
  unexpected: {
    pl: 'polecenie nieoczekiwanie się nie powiodło; uruchom je ponownie z FINANCE_DEBUG=1, aby zobaczyć szczegóły',
    en: 'the command failed unexpectedly; run it again with FINANCE_DEBUG=1 to see the details',
  },
  // Arguments
  badMonth: {
    pl: (min: number, max: number) => `oczekiwano miesiąca RRRR-MM z lat ${min}–${max}, np. 2026-03`,
    en: (min: number, max: number) => `expected a month YYYY-MM of the years ${min}–${max}, e.g. 2026-03`,
  },
  badYear: {
    pl: (min: number, max: number) => `oczekiwano roku RRRR od ${min} do ${max}, np. 2026`,
    en: (min: number, max: number) => `expected a year YYYY from ${min} to ${max}, e.g. 2026`,
  },
  badTimestamp: {
    pl: 'oczekiwano chwili ISO-8601, np. 2026-03-01T12:00:00Z, albo daty RRRR-MM-DD (istniejącej w kalendarzu)',
    en: 'expected an ISO-8601 timestamp, e.g. 2026-03-01T12:00:00Z, or a date YYYY-MM-DD (a real calendar date)',
  },
  badPeriod: {
    pl: 'oczekiwano miesiąca RRRR-MM albo daty RRRR-MM-DD (istniejącej w kalendarzu)',
    en: 'expected a month YYYY-MM or a date YYYY-MM-DD (a real calendar date)',
  },
  badThreads: { pl: 'oczekiwano liczby całkowitej od 1 do 64', en: 'expected a whole number from 1 to 64' },
  jpkYears: {
    pl: 'rok musi być z lat 1900–2050 (zakres dat plików JPK)',
    en: 'the year must be from 1900 to 2050 (the JPK date range)',
  },
  jsonOrCsv: { pl: 'wybierz jedno z --json i --csv', en: 'choose one of --json and --csv' },
  excelNeedsCsv: { pl: '--excel dotyczy tylko wyjścia CSV', en: '--excel applies to CSV output only' },
  boundsFormat: {
    pl: '--from i --to dotyczą tylko --format csv i ledger',
    en: '--from and --to apply to --format csv and ledger only',
  },
  fromAfterTo: { pl: '--from nie może być po --to', en: '--from must not be after --to' },
  // Store
  noStore: {
    pl: (where: string) =>
      `brak magazynu danych w ${where}; wskaż katalog danych opcją --data KATALOG lub zmienną FINANCE_DATA_DIR ` +
      '(nic nie zostało utworzone)',
    en: (where: string) =>
      `no Finance store at ${where}; give the data directory with --data DIR or FINANCE_DATA_DIR (nothing was created)`,
  },
  noServerStore: {
    pl: (where: string) => `brak magazynu danych w ${where} (nic nie zostało utworzone)`,
    en: (where: string) => `no Finance store at ${where} (nothing was created)`,
  },
  storeCreated: {
    pl: (where: string) => `utworzono nowy magazyn danych: ${where}`,
    en: (where: string) => `created a new store: ${where}`,
  },
  cannotOpenStore: {
    pl: (detail: string) => `nie można otworzyć magazynu danych: ${detail}`,
    en: (detail: string) => `cannot open the event store: ${detail}`,
  },
  threadsNeedStore: {
    pl: '--threads powyżej 1 wymaga magazynu, który otworzą inne wątki (SQLite, PostgreSQL albo KurrentDB)',
    en: '--threads above 1 needs a store other threads can open (SQLite, PostgreSQL or KurrentDB)',
  },
  workerFailed: {
    pl: (detail: string) => `wątek odtwarzania zawiódł: ${detail}`,
    en: (detail: string) => `replay worker failed: ${detail}`,
  },
  unknownEvent: {
    pl: (type: string, version: number) =>
      `dziennik zawiera zdarzenie nieznane tej wersji Finance: ${type} v${version} (zaktualizuj Finance)`,
    en: (type: string, version: number) =>
      `the log holds an event this version of Finance does not know: ${type} v${version} (upgrade Finance)`,
  },
  lostPartitions: {
    pl: (got: number, of: number) => `odtwarzanie zgubiło części dziennika: ${got} z ${of}`,
    en: (got: number, of: number) => `replay lost partitions: ${got} of ${of}`,
  },
  // Users
  noUser: {
    pl: (email: string) => `nie ma użytkownika ${email} (zob. \`finance users list\`)`,
    en: (email: string) => `no user ${email} (see \`finance users list\`)`,
  },
  unknownRole: {
    pl: (role: string) => `nieznana rola ${role}: użyj USER albo ADMIN`,
    en: (role: string) => `unknown role ${role}: use USER or ADMIN`,
  },
  cannotAddUser: {
    pl: (email: string, why: string) => `nie można dodać ${email}: ${why}`,
    en: (email: string, why: string) => `cannot add ${email}: ${why}`,
  },
  cannotSetRole: {
    pl: (email: string, why: string) => `nie można zmienić roli ${email}: ${why}`,
    en: (email: string, why: string) => `cannot change the role of ${email}: ${why}`,
  },
  cannotSetPassword: {
    pl: (email: string, why: string) => `nie można ustawić hasła ${email}: ${why}`,
    en: (email: string, why: string) => `cannot set the password of ${email}: ${why}`,
  },
  askPassword: {
    pl: (email: string) => `hasło dla ${email} (puste: wygeneruj): `,
    en: (email: string) => `password for ${email} (empty: generate one): `,
  },
  askNewPassword: {
    pl: (email: string) => `nowe hasło dla ${email}: `,
    en: (email: string) => `new password for ${email}: `,
  },
  askPasswordAgain: { pl: 'powtórz hasło: ', en: 'repeat the password: ' },
  passwordsDiffer: { pl: 'hasła się różnią', en: 'the passwords differ' },
  userAdded: {
    pl: (email: string, role: string, id: string) => `dodano ${email} (${role}) ${id}`,
    en: (email: string, role: string, id: string) => `added ${email} (${role}) ${id}`,
  },
  generatedPassword: {
    pl: (password: string) => `hasło: ${password}`,
    en: (password: string) => `password: ${password}`,
  },
  roleSet: {
    pl: (email: string, role: string) => `${email} ma teraz rolę ${role}`,
    en: (email: string, role: string) => `${email} is now ${role}`,
  },
  passwordSet: {
    pl: (email: string) => `ustawiono hasło ${email}`,
    en: (email: string) => `password of ${email} set`,
  },
  // Prompts
  noInput: { pl: 'brak wejścia, z którego można odczytać odpowiedź', en: 'no input to read an answer from' },
  inputClosed: { pl: 'brak odpowiedzi (wejście zamknięte)', en: 'no answer (input closed)' },
  yesNo: { pl: '[t/N]', en: '[y/N]' },
  // Reset
  resetWhatMonth: { pl: (month: string) => `miesiąca ${month}`, en: (month: string) => `month ${month}` },
  resetWhatYear: { pl: (year: number) => `roku ${year}`, en: (year: number) => `year ${year}` },
  resetNeedsYes: {
    pl: (what: string, email: string) =>
      `odmowa zresetowania ${what} użytkownika ${email} bez potwierdzenia: to nie jest terminal, dodaj --yes`,
    en: (what: string, email: string) =>
      `refusing to reset the ${what} of ${email} without confirmation: not a terminal, pass --yes`,
  },
  resetQuestion: {
    pl: (what: string, email: string) =>
      `Odznaczyć „Zrealizowane”, „Powiadomienie” i „Wysłane” w transakcjach ${what} użytkownika ${email}? Pozycje i ustawienia pozostaną bez zmian.`,
    en: (what: string, email: string) =>
      `Clear Completed, Notification and Sent on the transactions of the ${what} for ${email}? Items and settings are kept.`,
  },
  cancelled: { pl: 'anulowano, nic nie zmieniono', en: 'cancelled, nothing changed' },
  cannotReset: {
    pl: (what: string, email: string, why: string) => `nie można zresetować ${what} użytkownika ${email}: ${why}`,
    en: (what: string, email: string, why: string) => `cannot reset the ${what} of ${email}: ${why}`,
  },
  resetDone: {
    pl: (what: string, email: string, events: number) =>
      `zresetowano ${what} użytkownika ${email}: zapisano zdarzeń: ${events}`,
    en: (what: string, email: string, events: number) => `reset the ${what} of ${email}: ${events} event(s) recorded`,
  },
  // Set-up
  setupNotJson: {
    pl: (file: string) => `plik ${file} nie jest poprawnym plikiem JSON; nic nie zapisano`,
    en: (file: string) => `${file} is not a valid JSON file; nothing was written`,
  },
  setupRefused: {
    pl: (email: string) => `konfiguracja ksiąg użytkownika ${email} odrzucona, nic nie zapisano; popraw pola:`,
    en: (email: string) => `the set-up of ${email} was refused and nothing was written; correct the fields:`,
  },
  setupDone: {
    pl: (email: string, n: number) => `skonfigurowano księgi użytkownika ${email}: zapisane dane i ustawienia: ${n}`,
    en: (email: string, n: number) => `set up the books of ${email}: ${n} record(s) written`,
  },
  // Replay and diff
  replayed: {
    pl: (r: ReplayLine) =>
      `odtworzono zdarzeń: ${r.events}${r.asOf === null ? '' : ` do chwili ${r.asOf} (zastosowano: ${r.applied})`}: ` +
      `ksiąg: ${r.books}, użytkowników: ${r.users} w ${r.seconds} s ` +
      `(${r.rate} zdarzeń/s${r.threads > 1 ? `, wątków: ${r.threads}` : ''})`,
    en: (r: ReplayLine) =>
      `replayed ${r.events} events${r.asOf === null ? '' : ` as of ${r.asOf} (${r.applied} applied)`}: ` +
      `${r.books} books, ${r.users} users in ${r.seconds} s (${r.rate} events/s${r.threads > 1 ? `, ${r.threads} threads` : ''})`,
  },
  digest: { pl: (hex: string) => `skrót ${hex}`, en: (hex: string) => `digest ${hex}` },
  eventsPerSecond: { pl: 'zdarzeń/s', en: 'events/s' },
  userAsOf: {
    pl: (moment: string, email: string, seen: number, total: number) =>
      `Stan na ${moment}: ${email}, zdarzeń: ${seen}/${total}`,
    en: (moment: string, email: string, seen: number, total: number) =>
      `As of ${moment}: ${email}, ${seen}/${total} events`,
  },
  diffUser: {
    pl: (email: string, events: number, from: string, to: string) => `${email}: zdarzeń: ${events}, ${from} .. ${to}`,
    en: (email: string, events: number, from: string, to: string) => `${email}: ${events} events, ${from} .. ${to}`,
  },
  // Export and import
  cannotWrite: {
    pl: (file: string, why: string) => `nie można zapisać ${file}: ${why}`,
    en: (file: string, why: string) => `cannot write ${file}: ${why}`,
  },
  noSuchFile: {
    pl: (file: string) => `nie można odczytać ${file}: nie ma takiego pliku`,
    en: (file: string) => `cannot read ${file}: no such file`,
  },
  storeNotEmpty: {
    pl: (events: string) =>
      `magazyn danych nie jest pusty (zdarzeń: ${events}); import odtwarza historię tylko w pustym magazynie`,
    en: (events: string) => `the store is not empty (${events} events); import only restores into an empty store`,
  },
  noEvents: { pl: (file: string) => `${file} nie zawiera zdarzeń`, en: (file: string) => `${file} holds no events` },
  imported: {
    pl: (events: string, streams: string) => `zaimportowano zdarzeń: ${events}, strumieni: ${streams}`,
    en: (events: string, streams: string) => `imported ${events} events into ${streams} streams`,
  },
  importFailed: {
    pl: (written: string, why: string) =>
      `import przerwany po zapisaniu zdarzeń: ${written}: ${why}; magazyn zawiera część historii: usuń ją przed ponowną próbą`,
    en: (written: string, why: string) =>
      `import stopped after writing ${written} events: ${why}; the store holds part of the history: remove it before trying again`,
  },
  importRolledBack: {
    pl: (why: string) => `import przerwany: ${why}; utworzony plik magazynu usunięto`,
    en: (why: string) => `import stopped: ${why}; the store file it created was removed`,
  },
  line: {
    pl: (n: number, why: string) => `wiersz ${n}: ${why}`,
    en: (n: number, why: string) => `line ${n}: ${why}`,
  },
  jsonInvalid: {
    pl: (detail: string) => `to nie jest poprawny JSON (${detail})`,
    en: (detail: string) => `not valid JSON (${detail})`,
  },
  jsonNotObject: { pl: 'oczekiwano obiektu JSON', en: 'expected a JSON object' },
  fieldMissing: { pl: (f: string) => `brak pola "${f}"`, en: (f: string) => `missing field "${f}"` },
  fieldUnknown: { pl: (f: string) => `nieznane pole "${f}"`, en: (f: string) => `unknown field "${f}"` },
  fieldText: {
    pl: (f: string) => `"${f}" musi być niepustym tekstem`,
    en: (f: string) => `"${f}" must be a non-empty string`,
  },
  fieldString: { pl: (f: string) => `"${f}" musi być tekstem`, en: (f: string) => `"${f}" must be a string` },
  fieldObject: { pl: (f: string) => `"${f}" musi być obiektem`, en: (f: string) => `"${f}" must be an object` },
  fieldCount: {
    pl: (f: string) => `"${f}" musi być nieujemną liczbą całkowitą zapisaną jako tekst`,
    en: (f: string) => `"${f}" must be a non-negative integer string`,
  },
  fieldPositive: {
    pl: (f: string) => `"${f}" musi być dodatnią liczbą całkowitą zapisaną jako tekst`,
    en: (f: string) => `"${f}" must be a positive integer string`,
  },
  fieldVersion: {
    pl: (f: string) => `"${f}" musi być dodatnią liczbą całkowitą`,
    en: (f: string) => `"${f}" must be a positive integer`,
  },
  fieldUuid: { pl: (f: string) => `"${f}" musi być identyfikatorem UUID`, en: (f: string) => `"${f}" must be a uuid` },
  fieldTimestamp: {
    pl: (f: string) => `"${f}" musi być chwilą ISO-8601 w UTC`,
    en: (f: string) => `"${f}" must be an ISO-8601 UTC timestamp`,
  },
  eventRejected: {
    pl: (type: string, version: string, detail: string) => `zdarzenie ${type} v${version} odrzucone: ${detail}`,
    en: (type: string, version: string, detail: string) => `event ${type} v${version} rejected: ${detail}`,
  },
  positionOrder: {
    pl: (position: string, last: string) => `pozycja ${position} nie jest po ${last}`,
    en: (position: string, last: string) => `position ${position} is not after ${last}`,
  },
  revisionGap: {
    pl: (stream: string, revision: string, expected: string) =>
      `strumień ${stream}: rewizja ${revision}, oczekiwano ${expected}`,
    en: (stream: string, revision: string, expected: string) =>
      `stream ${stream} revision ${revision}, expected ${expected}`,
  },
  duplicateId: {
    pl: (id: string) => `powtórzony eventId ${id}`,
    en: (id: string) => `duplicate eventId ${id}`,
  },
} as const satisfies Record<string, Record<Lang, Text>>

const table = { ...labels, ...messages, ...safetyMessages }

export type MessageKey = keyof typeof table
/** The values a message takes (none for a plain text). */
export type MessageArgs<K extends MessageKey> = (typeof table)[K]['en'] extends (...values: infer A) => string ? A : []

export const translate = <K extends MessageKey>(lang: Lang, key: K, ...values: MessageArgs<K>): string => {
  const text: Text = table[key][lang]
  return typeof text === 'string' ? text : (text as (...v: MessageArgs<K>) => string)(...values)
}

/**
 * Polish texts of the messages the accounts service and the core return in English (SPEC §5's texts, which the web
 * translates through its catalogs with the same wording).
 */
const known: Readonly<Record<string, string>> = {
  'Email is required and should be in correct format.': 'E-mail jest wymagany i musi mieć poprawny format.',
  'Email already exist': 'E-mail już istnieje',
  'User does not exist.': 'Użytkownik nie istnieje.',
  'Select role': 'Wybierz rolę',
  'Passwords must be at least 6 characters.': 'Hasło musi mieć co najmniej 6 znaków.',
  "Passwords must have at least one digit ('0'-'9').": "Hasło musi zawierać co najmniej jedną cyfrę ('0'-'9').",
  "Passwords must have at least one lowercase ('a'-'z').":
    "Hasło musi zawierać co najmniej jedną małą literę ('a'-'z').",
  'Passwords must have at least one non alphanumeric character.':
    'Hasło musi zawierać co najmniej jeden znak niealfanumeryczny.',
  "Passwords must have at least one uppercase ('A'-'Z').":
    "Hasło musi zawierać co najmniej jedną wielką literę ('A'-'Z').",
  'Transaction not found': 'Nie znaleziono transakcji',
  'Not found': 'Nie znaleziono',
  'Validation failed': 'Błędne dane',
  // The first-run set-up (`finance setup`)
  'Company data is required': 'Uzupełnij dane firmy',
  'At least one PIT setting is required': 'Podaj co najmniej jedno ustawienie podatku dochodowego',
  'The social security setting is required': 'Uzupełnij ustawienie składek ZUS',
  'The date must not be before the business start date':
    'Data nie może być wcześniejsza niż dzień rozpoczęcia działalności',
  'Percent must be a statutory VAT rate: 23, 8, 5 or 0':
    'Stawka VAT musi być jedną ze stawek ustawowych: 23, 8, 5 lub 0%',
  'Nip is required': 'Podaj NIP',
  'Company name is required': 'Podaj nazwę firmy',
}

/** A message from the accounts service or the core, in `lang` when the table knows it. */
export const translateKnown = (lang: Lang, text: string): string => (lang === 'pl' ? (known[text] ?? text) : text)
