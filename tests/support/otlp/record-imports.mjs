// `node --import ./record-imports.mjs`: every @opentelemetry/* package the process imports (ESM resolution) is
// appended to the file named by SB_RECORD_IMPORTS, so a test can tell which telemetry modules were loaded.
import { register } from 'node:module';

register('./record-imports-hook.mjs', import.meta.url, { data: { file: process.env.SB_RECORD_IMPORTS } });
