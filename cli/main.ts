import { Command, CommanderError } from 'commander'
import stringWidth from 'string-width'
import { ABOUT, VERSION } from '../src/about.js'
import { ServiceError, isUnreachable, DOCS_PATH } from '../src/errors.js'
import { CLI_VOCABULARY } from './inputs.js'
import { commands } from './commands/index.js'
import { CliFailure, EXIT, exitCodeFor, outputColumns } from './context.js'

// Paragraphs, wrapped by commander to the terminal's width (help below); the example lines are short.
const ENVIRONMENT = `
Configuration comes from environment variables (every one in docs/operations.md), for example:
  UPSTREAM_BASE_URL=simulated store-finder serve
  PORT=8080 HOST=0.0.0.0 store-finder serve
UPSTREAM_BASE_URL=simulated (or --simulated) uses the built-in simulator of the chain's service: everything works offline.

Exit codes: 0 ok, 1 unexpected failure, 2 usage or configuration error, 3 no such store or product, 4 the chain's service failed or is unavailable (retry later), 5 doctor found upstream drift, 130 interrupted.`

/** The width help is wrapped to: COLUMNS, else the terminal's, else 80 (a pipe), as the tables are sized. */
const helpWidth = () => outputColumns()

export function buildProgram(): Command {
  const program = new Command(ABOUT.name)
    // Hangul takes two terminal columns: commander wraps help by display width, measured by string-width.
    // Commander stops wrapping a description narrower than 40 columns; ours sit right of 37-column terms.
    .configureHelp({ displayWidth: (text: string) => stringWidth(text), minWidthToWrap: 20 })
    .description(
      'Find 다이소 (Daiso) stores in Korea and what is in stock in them: from the command line, over MCP (stdio or HTTP) or as a REST API.',
    )
    .version(VERSION, '-v, --version')
    .option('--json', 'print machine-readable JSON instead of tables (errors as JSON on stderr)')
    .option('--simulated', 'use the built-in upstream simulator instead of the live service (same as UPSTREAM_BASE_URL=simulated)')
    .option('--refresh', "crawl the chain's store list now instead of reading the copy cached on disk")
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({ getOutHelpWidth: helpWidth, getErrHelpWidth: () => outputColumns(process.stderr) })
    .exitOverride()
  program.addHelpText('after', () => program.createHelp().boxWrap(ENVIRONMENT, helpWidth() - 1))

  // The server commands load their modules only when run, so `--help` never starts anything.
  program
    .command('serve')
    .description(`run the HTTP service: REST API at /api, MCP at /api/mcp, docs at ${DOCS_PATH}`)
    .addHelpText('after', '\nExample:\n  UPSTREAM_BASE_URL=simulated store-finder serve')
    .action(async () => (await import('../http/main.js')).main())
  program
    .command('mcp')
    .description('serve the MCP tools over stdio, for desktop hosts (Claude Desktop, Claude Code, Cursor, VS Code)')
    .addHelpText('after', `\nHosts start this themselves; see docs/mcp.md or ${DOCS_PATH} for each host's configuration.`)
    .action(async () => (await import('../tools/transports/stdio.js')).main())
  program
    .command('simulator')
    .description('run the upstream simulator alone (for development)')
    .action(async () => (await import('../simulator/main.js')).main())

  for (const command of commands) command.register(program)
  for (const command of program.commands) command.exitOverride()
  return program
}

/** `… | head -1`: the reader left, so what is left to print has no one to read it. Done, quietly, no stack trace. */
function quietOnEpipe(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(EXIT.ok)
  throw error
}

/** Parses argv, runs the command and sets the exit code; a failure prints one message and its hint. */
export async function main(argv: string[] = process.argv): Promise<void> {
  const program = buildProgram()
  if (!process.stdout.listeners('error').includes(quietOnEpipe)) process.stdout.on('error', quietOnEpipe)
  if (argv.slice(2).length === 0) {
    // A person at a terminal gets the help, also when its output is piped (`store-finder | head`); anything
    // else (a process manager, a container: no terminal on either side) still gets `serve`, as before the CLI had commands.
    if (process.stdin.isTTY || process.stdout.isTTY) return void program.outputHelp()
    argv = [...argv, 'serve']
  }
  const args = argv
  try {
    await program.parseAsync(args)
  } catch (error) {
    process.exitCode = report(error, program.opts<{ json?: boolean }>().json === true || argv.includes('--json'))
  }
}

function report(error: unknown, json: boolean): number {
  if (error instanceof CommanderError) {
    // Help and version are "errors" only to commander; usage mistakes were already printed by it.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT.ok
    return error.exitCode === 0 ? EXIT.ok : EXIT.usage
  }
  if (error instanceof ServiceError) {
    const body = error.toBody(CLI_VOCABULARY)
    if (json) process.stderr.write(`${JSON.stringify(body)}\n`)
    else process.stderr.write(`store-finder: ${body.message}\n  hint: ${localHint(error, body.hint)}\n`)
    return exitCodeFor(error)
  }
  if (error instanceof CliFailure) {
    if (json) process.stderr.write(`${JSON.stringify({ message: error.message, hint: error.hint })}\n`)
    else process.stderr.write(`store-finder: ${error.message}${error.hint ? `\n  hint: ${error.hint}` : ''}\n`)
    return error.exitCode
  }
  process.stderr.write(`store-finder: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  return EXIT.failure
}

/** An upstream failure is not the command's fault, and a command line has no health endpoint to check. */
function localHint(error: ServiceError, hint: string): string {
  if (isUnreachable(error)) return hint
  if (exitCodeFor(error) === EXIT.upstream && !/retry after/i.test(hint)) {
    return "This is not a problem with your command. Retry in a few seconds; if it persists, the chain's service is down or unreachable from here."
  }
  return hint
}
