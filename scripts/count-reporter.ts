import type { Reporter, TestModule } from 'vitest/node'

/**
 * Prints one plain closing line, `N passed, N failed, N skipped`, after Vitest's own summary so any
 * tool reading the log sees the totals of the whole monorepo run in one place.
 */
export default class CountReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failed++
        else skipped++
      }
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`)
  }
}
