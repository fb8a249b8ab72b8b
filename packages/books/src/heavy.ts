/**
 * What validates with the Schema library (the core's decider checks, the tax files), loaded on first use so that
 * importing `@finance/books` stays light for the CLI's read paths.
 */
export const heavy = async () => {
  const [core, files] = await Promise.all([import('@finance/ledger-core'), import('@finance/tax-files')])
  return { ...core, ...files }
}
