/**
 * The CLI's texts: headings, labels, prompts, results and errors in Polish (default) and English, one catalog per
 * language in `locales/` (data: the same namespaces and keys in each). The web app uses Lingui catalogs; a terminal
 * tool keeps plain JSON. A text with values has `{0}`, `{1}` … placeholders (`translate('pl', 'noUser', email)`). The
 * namespace `common` serves the whole CLI; every other one belongs to a command module (`catalog('ksef')`). JSON and
 * CSV keys are never translated.
 */
import en from './locales/en.json' with { type: 'json' }
import pl from './locales/pl.json' with { type: 'json' }

export type Lang = 'pl' | 'en'
export const LANGS: readonly Lang[] = ['pl', 'en']

type Catalog = typeof pl
const CATALOGS: Readonly<Record<Lang, Catalog>> = { pl, en }

/** A value put in a placeholder. */
export type MessageValue = string | number

/** `text` with its `{n}` placeholders replaced by `values` (one pass: a value is never read as a placeholder). */
export const fill = (text: string, values: readonly MessageValue[]): string =>
  text.replace(/\{(\d+)\}/g, (placeholder, n: string) => {
    const value = values[Number(n)]
    return value === undefined ? placeholder : String(value)
  })

/** A command module's own namespace of the catalogs. */
export type Namespace = Exclude<keyof Catalog, 'common'>

/**
 * A command's own texts in both languages as one translating function, so every command module fills its
 * placeholders the same way: `const t = catalog('ksef')`, then `t(lang, key, ...values)`.
 */
export const catalog =
  <N extends Namespace>(namespace: N) =>
  (lang: Lang, key: keyof Catalog[N] & string, ...values: MessageValue[]): string =>
    fill((CATALOGS[lang][namespace] as Readonly<Record<string, string>>)[key] ?? key, values)

/** A text of a command module's namespace looked up by a key from elsewhere (an error code, a service's message). */
export const textOf =
  <N extends Namespace>(namespace: N) =>
  (lang: Lang, key: string): string | undefined => {
    const texts: Readonly<Record<string, string>> = CATALOGS[lang][namespace]
    return Object.hasOwn(texts, key) ? texts[key] : undefined
  }

export type MessageKey = keyof Catalog['common']
/** The values a message takes. */
export type MessageArgs<_K extends MessageKey> = MessageValue[]

export const translate = <K extends MessageKey>(lang: Lang, key: K, ...values: MessageArgs<K>): string =>
  fill(CATALOGS[lang].common[key], values)

/**
 * Polish texts of the messages the accounts service and the core return in English (SPEC §5's texts, which the web
 * translates through its catalogs with the same wording).
 */
const known: Readonly<Record<string, string>> = {
  'Email is required and should be in correct format.': 'E-mail jest wymagany i musi mieć poprawny format.',
  'Email already exist': 'E-mail już istnieje',
  // The checks of company data the server leaves to the user (ledger-core `CompanyCheckMessages`).
  'Nip checksum is not valid': 'cyfra kontrolna NIP się nie zgadza: sprawdź numer',
  'NIP must be ten digits': 'NIP musi mieć dziesięć cyfr',
  'Regon checksum is not valid': 'cyfra kontrolna REGON się nie zgadza: sprawdź numer',
  'REGON must be nine or fourteen digits': 'REGON musi mieć dziewięć albo czternaście cyfr',
  'Post code should be in format NN-NNN': 'Kod pocztowy powinien mieć postać NN-NNN',
  'Phone number may contain only digits, spaces, +, - and parentheses':
    'Numer telefonu może zawierać tylko cyfry, spacje, +, - i nawiasy',
  'User does not exist.': 'Użytkownik nie istnieje.',
  'The last ADMIN cannot lose the ADMIN role.': 'Ostatni administrator nie może stracić roli ADMIN.',
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
  // The core's validation texts without a label (ledger-core `schemas/validate.ts`)
  'Payment interval must be 1 or 3': 'Okres rozliczenia musi wynosić 1 albo 3 miesiące',
  'Tax type must be Flat, Linear or Scale':
    'Forma opodatkowania musi być jedną z wartości: Flat (ryczałt), Linear (podatek liniowy), Scale (skala podatkowa)',
  'Email needs to be in correct format': 'Podaj poprawny adres e-mail',
  'Tax office code is not on the official list of tax offices':
    'Tego kodu nie ma w urzędowym wykazie urzędów skarbowych',
  'Counterparty country must be a two-letter country code from the official list':
    'Podaj dwuliterowy kod kraju kontrahenta z urzędowego wykazu',
  'Data is required': 'Uzupełnij dane',
  'Only an expense can have input VAT that may not be deducted':
    'VAT naliczony niepodlegający odliczeniu może mieć tylko wydatek, nie przychód',
  // Documents imported whole (ledger-core `deciders/documents.ts`)
  'This document is already in the books': 'Ten dokument jest już w księgach',
  'A document needs at least one item': 'Dokument musi mieć co najmniej jedną pozycję',
  'Unknown data type': 'Nieznany rodzaj danych',
  'Address must be an object with country, region, city, street, postCode and building':
    'Adres musi mieć kraj, województwo, miejscowość, ulicę, kod pocztowy i numer budynku',
  // VAT refunds (ledger-core `deciders/vatRefund.ts`)
  'Month must be in format yyyy-mm': 'Miesiąc musi mieć format RRRR-MM',
  'Refund must be a whole number of złoty greater than 0': 'Zwrot musi być liczbą całkowitą złotych większą od 0',
  'Refund term must be one of days15, vatAccount25, days25, days40, days60, days180':
    'Termin zwrotu musi być jednym z: days15, vatAccount25, days25, days40, days60, days180',
  'The amount set against future liabilities must be a whole number of złoty greater than 0':
    'Kwota zaliczana na poczet przyszłych zobowiązań musi być liczbą całkowitą złotych większą od 0',
  'The amount set against future liabilities must not be more than the refund':
    'Kwota zaliczana na poczet przyszłych zobowiązań nie może przekraczać zwrotu',
  'Name the future tax liability in at most 240 characters':
    'Podaj przyszłe zobowiązanie podatkowe (najwyżej 240 znaków)',
  'From February 2026 there is no 60-day refund: the general term is 40 days':
    'Od lutego 2026 nie ma zwrotu w terminie 60 dni: terminem podstawowym jest 40 dni',
  'Exemption basis must be art113 (the subjective exemption, uVAT art. 113) or art43 (an exempt supply, uVAT art. 43)':
    'Podstawa zwolnienia musi mieć wartość art113 (zwolnienie podmiotowe, art. 113 ustawy o VAT) albo art43 (dostawa zwolniona, art. 43 ustawy o VAT)',
}

/** The Polish text of a message the accounts service or the core returns in English, if the table knows it. */
export const knownText = (text: string): string | undefined => (Object.hasOwn(known, text) ? known[text] : undefined)

/** A message from the accounts service or the core, in `lang` when the table knows it. */
export const translateKnown = (lang: Lang, text: string): string => (lang === 'pl' ? (knownText(text) ?? text) : text)
