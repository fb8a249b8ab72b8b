import { passwordPolicyErrors } from '@finance/ledger-core'

/** Client-side password checks (SPEC §5). */
export const passwordMessage = "Password is required, and should be equal to 'Confirm password' field"
export const confirmMessage = "Confirm Password is required, and should be equal to 'Password'"

/** The server's password policy (SPEC §5), shared with the API through the core. */
export const passwordProblems = (password: string): string[] => passwordPolicyErrors(password)

/** Field errors of a password and its confirmation. */
export const passwordPairErrors = (password: string, confirm: string) => ({
  password: !password || password !== confirm ? passwordMessage : passwordProblems(password)[0],
  confirmPassword: !confirm || password !== confirm ? confirmMessage : undefined,
})
