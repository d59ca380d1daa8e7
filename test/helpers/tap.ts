/** What a helper needs of a tap test: somewhere to put its clean-up (tap's Test has it; so does a fake in a unit test). */
export interface Teardown {
  teardown(fn: () => unknown): void
}
