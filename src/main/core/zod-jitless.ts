import { config } from 'zod';

/**
 * zod generates a parser for each object schema (`new Function`) the first time it parses with it. The main
 * process parses most of its schemas once or a few times (the config, each RPC's input, the SDK's messages), so
 * generating costs more than it saves: it made start-up's longest blocks and a turn's slowest.
 * Interpreted, the results are the same. Imported before any schema is built: the choice is made per schema,
 * when it is made.
 */
config({ jitless: true });
