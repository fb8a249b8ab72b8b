/** Process entry of `finance`: runs the command with the real streams and exits with its code. */

// A whole-log replay's worker threads start now, loading their modules while the command's own load (other commands
// load nothing for it).
if (process.argv[2] === 'replay') (await import('./replay/prewarm.ts')).prewarmReplay(process.argv.slice(2))
const { runCli } = await import('./cli.ts')

// A closed pipe (`finance export … | head`) ends the command quietly, as for other Unix tools.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw err
  })

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  isTTY: process.stdin.isTTY === true && process.stdout.isTTY === true && process.stderr.isTTY === true,
  env: process.env,
})
process.exitCode = code
