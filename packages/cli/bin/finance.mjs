#!/usr/bin/env node
// The `finance` executable: registers tsx so the TypeScript sources run directly, then starts the CLI.
import { register } from 'tsx/esm/api'

register()
await import('../src/main.ts')
