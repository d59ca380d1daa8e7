#!/usr/bin/env node
// Desktop hosts start `store-finder mcp` on every launch; that path skips loading the command-line
// machinery (parser, tables, progress bars), so the stdio server answers `initialize` as soon as before.
const [command, ...rest] = process.argv.slice(2)
if (command === 'mcp' && rest.length === 0) await (await import('../tools/transports/stdio.js')).main()
else await (await import('../cli/main.js')).main()
