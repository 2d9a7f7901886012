import { buildProgram } from './cli/program';
import { processIo, quietWhenStdoutCloses } from './cli/io';

quietWhenStdoutCloses();

buildProgram(processIo)
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    processIo.stderr(`switchboard: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
