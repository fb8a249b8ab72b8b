/** The `email` claim of a JWT, read without verifying (display only; the server verifies every call). */
export const tokenEmail = (token: string | null): string => {
  const payload = token?.split('.')[1]
  if (!payload) return ''
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const claims = JSON.parse(json) as { email?: unknown }
    return typeof claims.email === 'string' ? claims.email : ''
  } catch {
    return ''
  }
}
