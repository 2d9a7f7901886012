/**
 * The dependencies the main-process build bundles instead of loading from node_modules at run time (shared by
 * electron.vite.config.ts and the bench's host build, so the bench measures what ships). Each is CommonJS, or
 * pulls CommonJS in, whose files Node would require one by one, synchronously, each resolved, read and compiled
 * apart: a long single block of the event loop while the core loads (the main process: the window's IPC).
 * - yaml: ~70 files, otherwise start-up's longest block.
 * - the MCP SDK (v2: client, server, core and the node adapter): bundled so that the build can leave out its default JSON Schema validator (ajv and ajv-formats,
 *   ~100 CommonJS files, one long block here), which it imports even when given another
 *   (scripts/sdk-without-ajv.ts). The validator it is given, @cfworker/json-schema, comes with it (a few ES modules).
 * - zod, and zod-to-json-schema (the SDK's): ~35 and ~40 ES modules that Node resolved, read and compiled one by one
 *   at start-up.
 * - the small ones the core loads at start-up (the SDK's HTTP server adapter, its stream parser and content-type
 *   parser, jsonc-parser, ws for the console's socket): each resolved, read and compiled on a turn of start-up. Not write-file-atomic: it
 *   reads CommonJS's __filename, which an ES module bundle does not have.
 * - openai: loaded on the first model call, an ES module graph (~300 files in the package) that Node read,
 *   compiled and linked file by file in the middle of the first turn (its longest blocks); bundled, one chunk.
 * - @opentelemetry/api: ~65 CommonJS files required in one go while the core loads (~15-20 ms, one block of start-up),
 *   loaded even with telemetry off (the helpers check `telemetryState.on` before calling it). Still shipped: the SDK
 *   packages, loaded only when an endpoint is set, require their own copy; the two share one global registry
 *   (Symbol.for keys, same version), so spans started through either reach the SDK (main-bundled-deps.test.ts).
 */
export const MAIN_BUNDLED_DEPS = [
  'yaml',
  'openai',
  '@modelcontextprotocol/client',
  '@modelcontextprotocol/server',
  '@modelcontextprotocol/core',
  '@modelcontextprotocol/node',
  '@cfworker/json-schema',
  'zod',
  'zod-to-json-schema',
  '@hono/node-server',
  'eventsource-parser',
  'content-type',
  'jsonc-parser',
  'ws',
  '@opentelemetry/api',
];

/** Bundled for start-up, and still a production dependency: the packages loaded only later need their own copy. */
export const BUNDLED_AND_SHIPPED = ['@opentelemetry/api'];
