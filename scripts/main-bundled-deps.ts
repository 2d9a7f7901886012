/**
 * The dependencies the main-process build bundles instead of loading from node_modules at run time (shared by
 * electron.vite.config.ts and the bench's host build, so the bench measures what ships). Each is CommonJS, or
 * pulls CommonJS in, whose files Node would require one by one, synchronously, each resolved, read and compiled
 * apart: a long single block of the event loop while the core loads (the main process: the window's IPC).
 * - yaml: ~70 files, start-up's longest block before (~3× the time of the same code bundled).
 * - the MCP SDK, only so that its JSON Schema validator comes with it: the SDK's client imports ajv and
 *   ajv-formats (~100 CommonJS files, ~60-100 ms of CPU in one block here); an external SDK would require them
 *   from node_modules whatever we bundle. ajv's own dependencies follow it.
 * - openai: loaded on the first model call, an ES module graph (~300 files in the package) that Node read,
 *   compiled and linked file by file in the middle of the first turn (~100 ms of CPU, the turn's longest blocks); bundled, one chunk (~10 ms).
 */
export const MAIN_BUNDLED_DEPS = [
  'yaml',
  'openai',
  '@modelcontextprotocol/sdk',
  'ajv',
  'ajv-formats',
  'fast-deep-equal',
  'fast-uri',
  'json-schema-traverse',
  'require-from-string',
];
