/**
 * The account rules every entry point shares, without the Schema library: SPEC §5's messages, the password policy,
 * the e-mail check and the language of a user. `account.ts` builds the request schemas on them and re-exports them;
 * the accounts service imports them from here so that a command line tool can load users cheaply.
 */
export const accountMessages = {
  email: 'Email is required and should be in correct format.',
  password: 'Password is required.',
  registerPassword: "Password is required, and should be equal to 'Confirm password' field",
  confirmPassword: "Confirm Password is required, and should be equal to 'Password'",
  role: 'Select role',
  key: 'Key is required',
  oldPassword: 'Old password is required',
  samePassword: 'Old password is the same as new password.',
  code: 'Code is required, use link from email',
  emailExists: 'Email already exist',
  userDoesNotExist: 'User does not exist.',
  incorrectPassword: 'Incorrect password.',
  invalidRequest: 'Invalid authentication request',
  accessDenied: 'Access denied',
  language: 'Language must be pl or en',
} as const

/** SPEC §5: at least 6 characters with a lowercase letter, an uppercase letter, a digit and a non-alphanumeric one. */
export const passwordPolicy = [
  { test: (p: string) => p.length >= 6, message: 'Passwords must be at least 6 characters.' },
  {
    test: (p: string) => /[^a-zA-Z0-9]/.test(p),
    message: 'Passwords must have at least one non alphanumeric character.',
  },
  { test: (p: string) => /[a-z]/.test(p), message: "Passwords must have at least one lowercase ('a'-'z')." },
  { test: (p: string) => /[A-Z]/.test(p), message: "Passwords must have at least one uppercase ('A'-'Z')." },
  { test: (p: string) => /[0-9]/.test(p), message: "Passwords must have at least one digit ('0'-'9')." },
] as const

/** The policy messages a password breaks, in a stable order; empty when it is acceptable. */
export const passwordPolicyErrors = (password: string): string[] =>
  passwordPolicy.filter((rule) => !rule.test(password)).map((rule) => rule.message)

/**
 * What no part of an address may hold: whitespace and separators, control and format characters (a NUL or a line
 * break would be dropped or read as a header's end on the way to the mail server, so the mail would reach another
 * address), a second `@`, and the characters that quote, comment or separate addresses in a mail header.
 */
const NOT_IN_ADDRESS = String.raw`\s\p{Z}\p{C}@"(),:;<>\[\]\\`
const EMAIL = new RegExp(`^[^${NOT_IN_ADDRESS}]+@[^${NOT_IN_ADDRESS}]+\\.[^${NOT_IN_ADDRESS}]+$`, 'u')

/**
 * A pragmatic e-mail address check (one `@`, a dot in the domain, at most 254 characters, none of the characters
 * above). Surrounding blanks are allowed (an address is trimmed before it is used); any inside are not.
 */
export const isEmailAddress = (s: string): boolean => EMAIL.test(s.trim()) && s.length <= 254

/** A language from free text: `en` when it says so, Polish otherwise (the product's default). */
export const languageOf = (value: unknown): 'pl' | 'en' =>
  typeof value === 'string' && value.toLowerCase().startsWith('en') ? 'en' : 'pl'
