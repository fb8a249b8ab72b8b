import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { polishGender } from './polishGender.ts'

/**
 * Every fixed message of SPEC §5 and §8, keyed by its English text. The API and the shared schemas speak
 * English; the UI shows these through `translateMessage`, so a server message appears in the user's language.
 */
export const knownMessages: Record<string, MessageDescriptor> = {
  // §5 validation
  'Email is required and should be in correct format.': msg`Email is required and should be in correct format.`,
  'Password is required.': msg`Password is required.`,
  "Password is required, and should be equal to 'Confirm password' field": msg`Password is required, and should be equal to 'Confirm password' field`,
  "Confirm Password is required, and should be equal to 'Password'": msg`Confirm Password is required, and should be equal to 'Password'`,
  'Select role': msg`Select role`,
  'Key is required': msg`Key is required`,
  'Email needs to be in correct format': msg`Email needs to be in correct format`,
  'Date is required': msg`Date is required`,
  'Amount is requred': msg`Amount is requred`,
  'No changes on the form': msg`No changes on the form`,
  'Percent is required': msg`Percent is required`,
  'Contributions paid must be inMonth or byDeadline': msg`Contributions paid must be inMonth or byDeadline`,
  'Paid on must be a date in format yyyy-mm-dd': msg`Paid on must be a date in format yyyy-mm-dd`,
  'Paid on is given only when marking a row paid': msg`Paid on is given only when marking a row paid`,
  'Paid on cannot be later than today': msg`Paid on cannot be later than today`,
  'The last ADMIN cannot lose the ADMIN role.': msg`The last ADMIN cannot lose the ADMIN role.`,
  'The last ADMIN cannot be deleted.': msg`The last ADMIN cannot be deleted.`,
  'There is no VAT period for this month': msg`There is no VAT period for this month`,
  // An item's stated VAT (`documentVat`, ledger-core `readDocumentVat`).
  'VAT on the document must be within 1.00 of amount × percent': msg`VAT on the document must be within 1.00 of amount × percent`,
  'VAT on the document is only for items at a VAT rate': msg`VAT on the document is only for items at a VAT rate`,
  // An item made from a bank line (ledger-core bank `itemFromBankLine`), shown beside its net amount.
  "The item's gross must be the line's amount": msg`The item's gross must be the line's amount`,
  // An item from a line that already has a match (a double submit), shown at the top of the item form.
  'This line is already matched: unmatch it first to make an item of it': msg`This line is already matched: unmatch it first to make an item of it`,
  // What a JPK file needs of the company data (tax-files `jpkSubject`, `v7Problems`): any download may answer them.
  'Primary data is required for a JPK file': msg`Primary data is required for a JPK file`,
  'NIP must be ten digits for a JPK file': msg`NIP must be ten digits for a JPK file`,
  'Owner name is required for a JPK file': msg`Owner name is required for a JPK file`,
  'Owner name is too long for a JPK file': msg`Owner name is too long for a JPK file`,
  'Owner last name is required for a JPK file': msg`Owner last name is required for a JPK file`,
  'Owner last name is too long for a JPK file': msg`Owner last name is too long for a JPK file`,
  'Birth date is required for a JPK file': msg`Birth date is required for a JPK file`,
  'Tax office is required for a JPK file': msg`Tax office is required for a JPK file`,
  'Contact e-mail is required for a JPK_V7 file': msg`Contact e-mail is required for a JPK_V7 file`,
  'From February 2026 there is no 60-day refund: the general term is 40 days': msg`From February 2026 there is no 60-day refund: the general term is 40 days`,
  'Old password is required': msg`Old password is required`,
  'Old password is the same as new password.': msg`Old password is the same as new password.`,
  'Code is required, use link from email': msg`Code is required, use link from email`,
  'Email is required': msg`Email is required`,
  'Passwords must be at least 6 characters.': msg`Passwords must be at least 6 characters.`,
  "Passwords must have at least one lowercase ('a'-'z').": msg`Passwords must have at least one lowercase ('a'-'z').`,
  "Passwords must have at least one uppercase ('A'-'Z').": msg`Passwords must have at least one uppercase ('A'-'Z').`,
  "Passwords must have at least one digit ('0'-'9').": msg`Passwords must have at least one digit ('0'-'9').`,
  'Passwords must have at least one non alphanumeric character.': msg`Passwords must have at least one non alphanumeric character.`,
  'Passwords do not match.': msg`Passwords do not match.`,
  // §8 errors
  'Response error, can not connect to API.': msg`Response error, can not connect to API.`,
  'Invalid authentication request': msg`Invalid authentication request`,
  'Internal server error, validate your form data.': msg`Internal server error, validate your form data.`,
  'Internal server error': msg`Internal server error`,
  'Email already exist': msg`Email already exist`,
  'User does not exist.': msg`User does not exist.`,
  'Incorrect password.': msg`Incorrect password.`,
  'Access denied': msg`Access denied`,
  'Not found': msg`Not found`,
  Conflict: msg`Conflict`,
  'Invalid code': msg`Invalid code`,
  'Invalid key': msg`Invalid key`,
  'Page not found': msg`Page not found`,
  'Error 404': msg`Error 404`,
  "You don't have permision to access this content.": msg`You don't have permision to access this content.`,
  'Unknown Error': msg`Unknown Error`,
  'Too Many Requests': msg`Too Many Requests`,
  'Too many requests, try again later': msg`Too many requests, try again later`,
  'This record was changed elsewhere. Reload it to see the latest version.': msg`This record was changed elsewhere. Reload it to see the latest version.`,
  'Year must be a year from 2000 to 2099': msg`Year must be a year from 2000 to 2099`,
  // framework and route answers
  Forbidden: msg`Forbidden`,
  Unauthorized: msg`Unauthorized`,
  'Bad Request': msg`Bad Request`,
  'Not Found': msg`Not found`,
  'The link is invalid or has expired.': msg`The link is invalid or has expired.`,
  'Transaction marked as completed.': msg`Transaction marked as completed.`,
  'Transaction was already completed.': msg`Transaction was already completed.`,
  'Request body must be a JSON object': msg`Request body must be a JSON object`,
  'Request body must be UTF-8 text': msg`Request body must be UTF-8 text`,
  'Data type does not match the record': msg`Data type does not match the record`,
  'Version must be the version of the record: a whole number': msg`Version must be the version of the record: a whole number`,
  'Version and the If-Match header name different versions': msg`Version and the If-Match header name different versions`,
  'Data is not valid': msg`Data is not valid`,
  'Data is required': msg`Data is required`,
  'The date range must not end before it starts': msg`The date range must not end before it starts`,
  'KSeF number is not valid': msg`KSeF number is not valid`,
  'Post code should be in format NN-NNN': msg`Post code should be in format NN-NNN`,
  'Tax office code is not on the official list of tax offices': msg`Tax office code is not on the official list of tax offices`,
  'Counterparty must be an object with name, taxId, country and address': msg`Counterparty must be an object with name, taxId, country and address`,
  'Address must be an object with country, region, city, street, postCode and building': msg`Address must be an object with country, region, city, street, postCode and building`,
  'Currency must be an object with code, amount and paidOn': msg`Currency must be an object with code, amount and paidOn`,
  'Deductions must be an amount or an object with socialSecurity, healthInsurance and other': msg`Deductions must be an amount or an object with socialSecurity, healthInsurance and other`,
  'Counterparty country must be a two-letter country code from the official list': msg`Counterparty country must be a two-letter country code from the official list`,
  'Payment interval must be 1 or 3': msg`Payment interval must be 1 or 3`,
  'Tax type must be Flat, Linear or Scale': msg`Tax type must be Flat, Linear or Scale`,
  // VAT across borders, fixed assets and cars (ledger-core tax/crossBorder.ts)
  'Cross-border kind of an income must be euServices, wdt or export': msg`Cross-border kind of an income must be euServices, wdt or export`,
  'Cross-border kind of an expense must be importServices, wnt, importGoods, importServicesOther or buyerTaxpayerGoods': msg`Cross-border kind of an expense must be importServices, wnt, importGoods, importServicesOther or buyerTaxpayerGoods`,
  'The day the output VAT was shown applies to a WNT, an import of services or goods whose buyer is the taxpayer': msg`The day the output VAT was shown applies to a WNT, an import of services or goods whose buyer is the taxpayer`,
  'Car use must be mixed or businessOnly': msg`Car use must be mixed or businessOnly`,
  'Only an expense can be a car cost': msg`Only an expense can be a car cost`,
  'Only an expense can be a fixed asset': msg`Only an expense can be a fixed asset`,
  'Only an expense can have input VAT that may not be deducted': msg`Only an expense can have input VAT that may not be deducted`,
  'A self-assessed purchase is taxed at a rate, not zw or np': msg`A self-assessed purchase is taxed at a rate, not zw or np`,
  'The file did not pass the official schema; nothing was sent': msg`The file did not pass the official schema; nothing was sent`,
  // §8 successes and prompts
  'Item saved': msg`Item saved`,
  'Expense added': msg`Expense added`,
  'Income added': msg`Income added`,
  'Reset done': msg`Reset done`,
  'Password changed': msg`Password changed`,
  'User registered': msg`User registered`,
  'This item will be deleted. Do you confirm?': msg`This item will be deleted. Do you confirm?`,
  'Check your email inbox, we sent you a reset password link': msg`Check your email inbox, we sent you a reset password link`,
  'Reset password completed': msg`Reset password completed`,
  'You can go to the login page': msg`You can go to the login page`,
  'User logged out': msg`User logged out`,
  // The invoice visualisation (docs/ksef.md)
  'No FA(3) file is kept for this expense: only invoices fetched from KSeF can be shown': msg`No FA(3) file is kept for this expense: only invoices fetched from KSeF can be shown`,
  'Language must be pl or en': msg`Language must be pl or en`,
  // The first-run set-up (POST /api/setup)
  'Company data is required': msg`Company data is required`,
  'At least one PIT setting is required': msg`At least one PIT setting is required`,
  'The social security setting is required': msg`The social security setting is required`,
  'The date must not be before the business start date': msg`The date must not be before the business start date`,
  // A VAT setting of zw (docs/tax-rules.md §32)
  'Exemption basis must be art113 (the subjective exemption, uVAT art. 113) or art43 (an exempt supply, uVAT art. 43)': msg`Exemption basis must be art113 (the subjective exemption, uVAT art. 113) or art43 (an exempt supply, uVAT art. 43)`,
}

/** Field names the server may put into '{field} is required' messages. */
export const fieldNames: Readonly<Record<string, MessageDescriptor>> = {
  'Company name': msg`Company name`,
  companyName: msg`Company name`,
  Nip: msg`NIP`,
  NIP: msg`NIP`,
  nip: msg`NIP`,
  Name: msg`Name`,
  name: msg`Name`,
  Date: msg`Date`,
  date: msg`Date`,
  Amount: msg`Amount`,
  amount: msg`Amount`,
  Percent: msg`Percent`,
  percent: msg`Percent`,
  'Payment interval': msg`Payment interval`,
  paymentInterval: msg`Payment interval`,
  Repetitions: msg`Repetitions`,
  repetitions: msg`Repetitions`,
  'Tax type': msg`Tax type`,
  taxType: msg`Tax type`,
  'First percent': msg`First percent`,
  firstPercent: msg`First percent`,
  Email: msg`Email`,
  email: msg`Email`,
  Password: msg`Password`,
  password: msg`Password`,
  Code: msg`Code`,
  code: msg`Code`,
  Key: msg`Key`,
  key: msg`Key`,
  'Birth date': msg`Birth date`,
  'Business start date': msg`Business start date`,
  'VAT registration date': msg`VAT registration date`,
  'Acquisition date': msg`Acquisition date`,
  // A fixed asset's date of entry into use: not a tax book's "Entry date" (of the entry).
  'Entry date': msg({ message: 'Entry date', context: 'fixed asset' }),
  'Paid on': msg`Paid on`,
  'Invoice date': msg`Invoice date`,
  'Supply date': msg`Supply date`,
  'Free of tax amount': msg`Free of tax amount`,
  'Second percent amount': msg`Second percent amount`,
  'Second percent': msg`Second percent`,
  Deductions: msg`Deductions`,
  'VAT amount': msg`VAT amount`,
  Sum: msg`Sum`,
  Description: msg`Description`,
  'Document number': msg`Document number`,
  Pattern: msg`Pattern`,
  'Counterparty name': msg`Counterparty name`,
  'Counterparty tax id': msg`Counterparty tax id`,
  'Counterparty address': msg`Counterparty address`,
  Regon: msg`REGON`,
  Company: msg`Company`,
  Completed: msg`Completed`,
  Notification: msg`Notification`,
  Address: msg`Address`,
  'Owner name': msg`Owner name`,
  'Owner last name': msg`Owner last name`,
  Country: msg`Country`,
  Region: msg`Region`,
  'Post code': msg`Post code`,
  Building: msg`Building`,
  'Tax office code': msg`Tax office code`,
  'Phone number': msg`Phone number`,
  Website: msg`Website`,
  Other: msg`Other`,
  Descending: msg`Descending`,
  // The two ends of a range (`From is required`, `To is not a real date`).
  From: msg({ message: 'From', context: 'range' }),
  To: msg({ message: 'To', context: 'range' }),
  City: msg`City`,
  Street: msg`Street`,
  Phone: msg`Phone`,
  Month: msg`Month`,
  Year: msg`Year`,
  Id: msg`Id`,
  'VAT on the document': msg`VAT on the document`,
}

export const translateField = (i18n: I18n, field: string): string => {
  const d = fieldNames[field]
  return d ? i18n._(d) : field
}

const roleMessage = /^You have (\w+) role\. You need (\w+) role\.$/

/**
 * The shapes of the shared schemas' bound and format messages (`BoundMessages` and `validateRecord` in
 * ledger-core): `{field} must be …`. Each shape has one catalog entry with the field name translated on its own.
 */
const shapes: readonly [RegExp, (i18n: I18n, field: string, m: RegExpExecArray) => string][] = [
  [
    /^(.+) must be between (\S+) and (\S+)$/,
    (i18n, field, m) => {
      const [min, max] = [m[2] ?? '', m[3] ?? '']
      return i18n._(msg`${field} must be between ${min} and ${max}`)
    },
  ],
  [
    /^(.+) must be at most (\S+)$/,
    (i18n, field, m) => {
      const max = m[2] ?? ''
      return i18n._(msg`${field} must be at most ${max}`)
    },
  ],
  [
    /^(.+) must be a number from 0 to (\d+) with at most 2 decimals$/,
    (i18n, field, m) => {
      const max = m[2] ?? ''
      return i18n._(msg`${field} must be a number from 0 to ${max} with at most 2 decimals`)
    },
  ],
  [
    /^(.+) must be a whole number from (\d+) to (\d+)$/,
    (i18n, field, m) => {
      const [min, max] = [m[2] ?? '', m[3] ?? '']
      return i18n._(msg`${field} must be a whole number from ${min} to ${max}`)
    },
  ],
  [
    /^(.+) is too long \(at most (\d+) characters\)$/,
    (i18n, field, m) => {
      const max = m[2] ?? ''
      return i18n._(msg`${field} is too long (at most ${max} characters)`)
    },
  ],
  [
    /^(.+) must not contain control characters$/,
    (i18n, field) => i18n._(msg`${field} must not contain control characters`),
  ],
  [/^(.+) must not be negative$/, (i18n, field) => i18n._(msg`${field} must not be negative`)],
  [
    /^(.+) must be a date in format yyyy-mm-dd$/,
    (i18n, field) => i18n._(msg`${field} must be a date in format yyyy-mm-dd`),
  ],
  // Written `yyyy-mm-dd` but no day of the calendar (`2026-02-30`): ledger-core's `BoundMessages.dateNotReal`.
  [/^(.+) is not a real date$/, (i18n, field) => i18n._(msg`${field} is not a real date`)],
  [/^(.+) must be true or false$/, (i18n, field) => i18n._(msg`${field} must be true or false`)],
  [/^(.+) checksum is not valid$/, (i18n, field) => i18n._(msg`${field} checksum is not valid`)],
  [/^(.+) must be text$/, (i18n, field) => i18n._(msg`${field} must be text`)],
]

const lastRepetition = /^The last repetition must fall on or before (\S+)$/
/** ledger-core `refundOverExcess`: the period's excess as a money string. */
const refundOverExcess = /^Refund must not be more than the period's excess of input VAT, (\d+\.\d{2})$/

/** A message about `field` with the field's Polish gender as `gender`, for the catalogs' `{gender, select, …}`. */
const agreeing = (i18n: I18n, d: MessageDescriptor, field: string): string =>
  i18n._({ ...d, values: { ...d.values, gender: polishGender(field) } })

/**
 * `{field} is required` and SPEC's PIT template `({field}) is required`, after the bound shapes; in Polish the
 * predicate agrees with the field ("Kwota netto jest wymagana", "NIP jest wymagany") and the brackets go.
 */
const requiredShapes: typeof shapes = [
  [/^\((.+)\) is required$/, (i18n, field) => agreeing(i18n, msg`(${field}) is required`, field)],
  [/^(.+) is required$/, (i18n, field) => agreeing(i18n, msg`${field} is required`, field)],
]
const fieldShapes = [...shapes, ...requiredShapes]

/**
 * A message that names its field first (`(First percent) is required`, `Date must be a date in format yyyy-mm-dd`)
 * shown beside that field, in the user's language with the field named by `label`: the label the form shows there,
 * which is the truth (a linear PIT's `firstPercent` is its "Tax rate", an improvement's `date` its "Date of the
 * improvement"). `null` when the text names no field in a shape the catalogs know, or when `nameOf` its field (the
 * catalogs' name of it by default) already reads as the label: the message's own translation then stands.
 */
export const translateUnderLabel = (
  i18n: I18n,
  text: string,
  label: string,
  nameOf: (field: string) => string = (field) => translateField(i18n, field),
): string | null => {
  for (const [shape, say] of fieldShapes) {
    const m = shape.exec(text)
    if (m?.[1]) return nameOf(m[1]) === label ? null : say(i18n, label, m)
  }
  return null
}

/**
 * The user's-language text of a message that may come from the server; unknown text is shown as it is. `label`: the
 * label of the field the message is shown beside, which then names the field (`translateUnderLabel`).
 */
export const translateMessage = (i18n: I18n, text: string, label?: string): string => {
  const labelled = label === undefined ? null : translateUnderLabel(i18n, text, label)
  if (labelled !== null) return labelled
  const known = knownMessages[text]
  if (known) return i18n._(known)
  const role = roleMessage.exec(text)
  if (role) {
    const current = role[1] ?? ''
    const needed = role[2] ?? ''
    return i18n._(msg`You have ${current} role. You need ${needed} role.`)
  }
  const over = refundOverExcess.exec(text)
  if (over) {
    const excess = over[1] ?? ''
    return i18n._(msg`Refund must not be more than the period's excess of input VAT, ${excess}`)
  }
  const last = lastRepetition.exec(text)
  if (last) {
    const date = last[1] ?? ''
    return i18n._(msg`The last repetition must fall on or before ${date}`)
  }
  for (const [shape, say] of fieldShapes) {
    const m = shape.exec(text)
    if (m?.[1]) return say(i18n, translateField(i18n, m[1]), m)
  }
  return text
}

export const translateMessages = (i18n: I18n, texts: readonly string[]): string[] =>
  texts.map((text) => translateMessage(i18n, text))

/**
 * A feature's own messages (`known`, keyed by their English text) first, then the app's catalogue; beside a field
 * whose `label` names it otherwise than the message, the label (`translateUnderLabel`).
 */
export const translateWith = (
  i18n: I18n,
  known: Readonly<Record<string, MessageDescriptor>>,
  text: string,
  label?: string,
): string => {
  const labelled = label === undefined ? null : translateUnderLabel(i18n, text, label)
  if (labelled !== null) return labelled
  const d = known[text]
  return d ? i18n._(d) : translateMessage(i18n, text)
}
