/**
 * Account payloads of SPEC §3 (login, register, change password, reset request, reset confirmation) and the
 * server-side password policy of SPEC §5, defined once for the API (validation, OpenAPI) and the web (forms).
 * Messages are SPEC §5's English texts; the web translates them by text.
 */
import * as Schema from 'effect/Schema'
import { accountMessages, isEmailAddress } from './accountRules.ts'

export * from './accountRules.ts'

/** A required string field whose every failure (missing, wrong type, not `valid`) reads `message`. */
const requiredText = (valid: (s: string) => boolean) => (message: string) =>
  Schema.propertySignature(
    Schema.String.annotations({ message: () => message }).pipe(
      Schema.filter((s) => valid(s), { message: () => message }),
    ),
  ).annotations({ missingMessage: () => message })

/** Required and not blank. */
const requiredString = requiredText((s) => s.trim().length > 0)
const requiredEmail = requiredText(isEmailAddress)

export const Language = Schema.Literal('pl', 'en')
export type Language = typeof Language.Type
/** The language of the e-mails: `pl` or `en` (the web sends its own); absent or null is the account's or Polish. */
const optionalLanguage = Schema.optional(
  Schema.NullOr(
    Schema.String.annotations({ message: () => accountMessages.language }).pipe(
      Schema.filter((s): boolean => s === 'pl' || s === 'en', { message: () => accountMessages.language }),
    ),
  ),
)
const optionalUrl = Schema.optional(Schema.NullOr(Schema.String))
/** Where the e-mail's link leads and the language it is written in (both optional). */
const linkFields = { url: optionalUrl, language: optionalLanguage }
/** A new password, typed twice (`passwordsRepeated`). */
const newPasswordFields = {
  password: requiredString(accountMessages.registerPassword),
  confirmPassword: requiredString(accountMessages.confirmPassword),
}

/** Role names or codes accepted by register: USER (1) or ADMIN (1024), as text or number. */
export const AppRole = Schema.Union(Schema.Literal('USER', 'ADMIN', '1', '1024'), Schema.Literal(1, 1024)).annotations({
  message: () => accountMessages.role,
})

export const LoginBody = Schema.Struct({
  email: requiredEmail(accountMessages.email),
  password: requiredString(accountMessages.password),
})
export type LoginBody = typeof LoginBody.Type

/** The password typed twice must be the same: otherwise `confirmPassword` is the field in error. */
const passwordsRepeated = (b: { readonly password: string; readonly confirmPassword: string }) =>
  b.password === b.confirmPassword ? undefined : { path: ['confirmPassword'], message: accountMessages.confirmPassword }

export const RegisterBody = Schema.Struct({
  email: requiredEmail(accountMessages.email),
  ...newPasswordFields,
  appRole: Schema.propertySignature(AppRole).annotations({ missingMessage: () => accountMessages.role }),
  key: requiredString(accountMessages.key),
  ...linkFields,
}).pipe(Schema.filter(passwordsRepeated))
export type RegisterBody = typeof RegisterBody.Type

export const ChangePasswordBody = Schema.Struct({
  email: requiredEmail(accountMessages.email),
  oldPassword: requiredString(accountMessages.oldPassword),
  ...newPasswordFields,
}).pipe(
  Schema.filter((b) =>
    b.password !== b.confirmPassword
      ? { path: ['confirmPassword'], message: accountMessages.confirmPassword }
      : b.password === b.oldPassword
        ? { path: ['password'], message: accountMessages.samePassword }
        : undefined,
  ),
)
export type ChangePasswordBody = typeof ChangePasswordBody.Type

export const ResetPasswordBody = Schema.Struct({
  email: requiredEmail(accountMessages.email),
  ...linkFields,
})
export type ResetPasswordBody = typeof ResetPasswordBody.Type

export const ResetPasswordConfirmedBody = Schema.Struct({
  ...newPasswordFields,
  code: requiredString(accountMessages.code),
  email: requiredEmail(accountMessages.email),
  ...linkFields,
}).pipe(Schema.filter(passwordsRepeated))
export type ResetPasswordConfirmedBody = typeof ResetPasswordConfirmedBody.Type

/** The role code of a register body's `appRole`. */
export const roleCode = (appRole: typeof AppRole.Type): 1 | 1024 =>
  appRole === 'ADMIN' || appRole === '1024' || appRole === 1024 ? 1024 : 1
