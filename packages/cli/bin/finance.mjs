#!/usr/bin/env node
// The `finance` executable: registers tsx so the TypeScript sources run directly, then starts the CLI.
import { setFlagsFromString } from 'node:v8'
import { register } from 'tsx/esm/api'

// A larger young generation: replaying a log allocates a parsed object per event and keeps most of them in the
// books; measured on 200k events it cuts the replay's CPU time by about 7 %.
setFlagsFromString('--max-semi-space-size=64')
register()
await import('../src/main.ts')
