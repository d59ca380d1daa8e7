import t from 'tap'
import { noTerminal, onTerminal } from '../helpers/terminal.js'
import { FILE_BOUND_MS, truthCases } from './truth-cases.js'

// The truth cases (truth-cases.ts) in a pseudo-terminal 100 columns wide.
t.setTimeout(FILE_BOUND_MS)
t.test('on a terminal', { skip: noTerminal }, async (t) =>
  truthCases(t, 'terminal', (args, env) => {
    const r = onTerminal(args, 100, env)
    return { code: r.code, text: r.screen }
  }),
)
