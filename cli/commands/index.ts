import type { Command } from 'commander'
import * as availability from './availability.js'
import * as doctor from './doctor.js'
import * as near from './near.js'
import * as products from './products.js'
import * as store from './store.js'
import * as stores from './stores.js'
import * as where from './where.js'

/** The people's commands, in the order help lists them. A new command is a module here plus one line. */
export const commands: Array<{ register(program: Command): void }> = [stores, near, store, products, availability, where, doctor]
