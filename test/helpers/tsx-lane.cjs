/* global process */
// The quick test lane loads TypeScript with tsx (esbuild) instead of ts-node: loading ts-node and the
// TypeScript compiler costs about a second of CPU in each test process. tap's TypeScript plugin skips
// ts-node when TAP_TYPE_STRIP_ONLY is 1, which it only sets itself on Node 22 and later; a --require
// preload runs before the plugin's --import, so it can say so here, and tsx (--import=tsx) does the rest.
process.env.TAP_TYPE_STRIP_ONLY = '1'
