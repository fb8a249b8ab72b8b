/** Client-side password rules mirroring the server's (SPEC §5): ≥ 6 characters, lower, upper, digit, symbol. */
export const passwordMessage = "Password is required, and should be equal to 'Confirm password' field"
export const confirmMessage = "Confirm Password is required, and should be equal to 'Password'"

export const passwordProblems = (password: string): string[] => {
  const out: string[] = []
  if (password.length < 6) out.push('Passwords must be at least 6 characters.')
  if (!/[a-z]/.test(password)) out.push("Passwords must have at least one lowercase ('a'-'z').")
  if (!/[A-Z]/.test(password)) out.push("Passwords must have at least one uppercase ('A'-'Z').")
  if (!/[0-9]/.test(password)) out.push("Passwords must have at least one digit ('0'-'9').")
  if (!/[^a-zA-Z0-9]/.test(password)) out.push('Passwords must have at least one non alphanumeric character.')
  return out
}

/** Field errors of a password and its confirmation. */
export const passwordPairErrors = (password: string, confirm: string) => ({
  password: !password || password !== confirm ? passwordMessage : passwordProblems(password)[0],
  confirmPassword: !confirm || password !== confirm ? confirmMessage : undefined,
})
