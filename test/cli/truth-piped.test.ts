import t from 'tap'
import { piped } from '../helpers/terminal.js'
import { FILE_BOUND_MS, truthCases } from './truth-cases.js'

// The truth cases (truth-cases.ts) with stdout piped into `cat`: no terminal anywhere.
t.setTimeout(FILE_BOUND_MS)
truthCases(t, 'piped', (args, env) => {
  const r = piped(args, 'cat', env)
  return { code: r.code, text: r.stdout }
})
