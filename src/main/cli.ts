import { buildProgram } from './cli/program';
import { processIo, quietWhenStdoutCloses } from './cli/io';
import { errorText } from '../shared/error-text';

quietWhenStdoutCloses();

buildProgram(processIo)
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    processIo.stderr(`switchboard: ${errorText(error)}`);
    process.exitCode = 1;
  });
