import type { ChildProcess } from 'node:child_process';
import type { StdioClientTransport, StdioServerParameters } from '@modelcontextprotocol/client/stdio';
import { stdioModule } from './sdk-modules';

/**
 * Commands that fetch a package, install it into a cache and then run it: `npx -y @modelcontextprotocol/server-memory`,
 * `uvx mcp-server-fetch`, `pipx run …`, `bunx …`, `pnpm dlx …`, `npm exec …`, `yarn dlx …`. Their first start can
 * take a minute (a download), and killing one mid-install can leave its cache half-written, so they get a longer
 * first-connect budget and a patient shutdown.
 */
export function packageRunnerOf(command: string, args: readonly string[]): string | null {
  // The program's own name, as a shell would find it on any OS: /usr/bin/npx, C:\…\npx.cmd, bunx.exe.
  const program = command
    .split(/[\\/]/)
    .pop()!
    .toLowerCase()
    .replace(/\.(cmd|exe|bat|ps1)$/, '');
  const first = args.find((arg) => !arg.startsWith('-'))?.toLowerCase();
  if (['npx', 'uvx', 'bunx', 'pnpx'].includes(program)) return program;
  if (program === 'pipx' && first === 'run') return 'pipx run';
  if ((program === 'pnpm' || program === 'yarn') && first === 'dlx') return `${program} dlx`;
  if (program === 'npm' && (first === 'exec' || first === 'x')) return 'npm exec';
  if (program === 'bun' && first === 'x') return 'bun x';
  if (program === 'uv' && first === 'tool' && args.includes('run')) return 'uv tool run';
  return null;
}

/** How long the first start of a package-runner command may take (install + start + initialize + tools/list). */
export const DEFAULT_INSTALL_TIMEOUT_MS = 120_000;

/** After SIGTERM, how long a package runner gets to roll back (npm undoes a half-done install on SIGTERM) before SIGKILL. */
export const PACKAGE_RUNNER_TERM_GRACE_MS = 10_000;
/** After its input closes, how long a server gets to exit on its own (what the MCP stdio shutdown asks first). */
const EXIT_GRACE_MS = 2_000;

/**
 * The SDK's stdio transport, with a shutdown that never leaves a package cache half-written: close the child's input
 * and wait (a server exits when its input ends), then SIGTERM and wait long enough for the runner to roll back its
 * install, and only then hand over to the SDK's own close (which ends with SIGKILL for a child still there). The
 * SDK's close waits 2 s before each signal, too short for npm to undo an install on a busy machine.
 */
export async function patientStdioTransport(
  params: StdioServerParameters,
  termGraceMs: number,
): Promise<StdioClientTransport> {
  const { StdioClientTransport } = await stdioModule(); // loaded on first use (sdk-modules.ts)
  class PatientStdioTransport extends StdioClientTransport {
    /** One shutdown however often close is called (an aborted connect and its cleanup both close). */
    private closing: Promise<void> | undefined;

    override close(): Promise<void> {
      return (this.closing ??= this.shutDown());
    }

    private async shutDown(): Promise<void> {
      const child = childOf(this);
      if (child && child.exitCode === null && child.signalCode === null) {
        child.stdin?.end();
        if (!(await exited(child, EXIT_GRACE_MS))) {
          child.kill('SIGTERM');
          await exited(child, termGraceMs);
        }
      }
      await super.close();
    }
  }
  return new PatientStdioTransport(params);
}

/**
 * The SDK keeps its child process in a private field; read it defensively (a shape we do not recognise means the
 * SDK's own close runs alone). `package-runner.test.ts` fails if an SDK update moves it.
 */
function childOf(transport: StdioClientTransport): ChildProcess | undefined {
  const child = (transport as unknown as { _process?: unknown })._process;
  return child && typeof (child as ChildProcess).kill === 'function' && 'exitCode' in (child as object)
    ? (child as ChildProcess)
    : undefined;
}

function exited(child: ChildProcess, withinMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, withinMs);
    timer.unref();
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}
