/**
 * The router's size limits, in a module of their own: the WebSocket adapter checks frames against them on the main
 * thread, which must not load the router (and the contract's schemas with it) now that the core has its own thread.
 */
export const DEFAULT_MAX_PAYLOAD_BYTES = 4 * 1024 * 1024;
/** Far deeper than any real input (an intent tree a few levels deep), far shallower than the stack. */
export const DEFAULT_MAX_INPUT_DEPTH = 64;
