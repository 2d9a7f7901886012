import { resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import writeFileAtomic from 'write-file-atomic';
import type { CaseResult } from '../../shared/contract';
import { say } from '../../shared/messages';
import { answerApprovals, withCore, type ApproveMode } from './core-session';
import type { CliIo } from './io';
import { junitXml } from './junit';

interface TestOptions {
  config?: string;
  cases?: string;
  dataDir?: string;
  json?: boolean;
  junit?: string;
  approve: ApproveMode;
  maxCases?: number;
}

/** Cases one `switchboard test` runs at most unless --max-cases says more: each is a model turn (or several). */
export const DEFAULT_MAX_CASES = 1000;

export function registerTestCommand(program: Command, io: CliIo): void {
  program
    .command('test')
    .description('run cases.yaml and every intent node’s examples with the configured model; exit 1 if any fails')
    .option('--config <file>', 'config file (default: <data dir>/switchboard.yaml)')
    .option('--cases <file>', 'cases file (default: cases.yaml beside the config)')
    .option('--data-dir <dir>', 'where records and last results are kept (default ~/.switchboard)')
    .option('--json', 'print the results as JSON')
    .option('--junit <file>', 'also write JUnit XML to this file')
    .addOption(
      new Option('--approve <mode>', 'how writes the model asks for are decided')
        .choices(['ask', 'all', 'none'])
        .default('none'),
    )
    .option(
      '--max-cases <n>',
      'refuse to start (exit 2) when there are more cases than this',
      parseMaxCases,
      DEFAULT_MAX_CASES,
    )
    .action(async (opts: TestOptions) => {
      process.exitCode = await runTests(opts, io);
    });
}

/** 0: every case passed; 1: one failed; 2: the config or the cases file has problems. */
export async function runTests(opts: TestOptions, io: CliIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return withCore(
    opts,
    io,
    async (core) => {
      const { workbench } = core.services;
      const { cases, problems, casesPath } = await workbench.cases();
      if (problems.length) {
        io.stderr(`${casesPath} has problems:`);
        for (const p of problems)
          io.stderr(`  ${p.path || '(file)'}${p.line ? ` (line ${p.line})` : ''}: ${p.message}`);
        return 2;
      }
      // Every case is a model turn: a file of 20,000 would run for hours and cost accordingly. Refused before the first.
      const maxCases = opts.maxCases ?? DEFAULT_MAX_CASES;
      if (cases.length > maxCases) {
        io.stderr(
          `switchboard test: ${cases.length} cases (${casesPath} and the intent nodes' examples), more than the ${maxCases} allowed; nothing was run. Pass --max-cases ${cases.length} to run them all.`,
        );
        return 2;
      }
      const ask = opts.approve === 'ask';
      const stop = ask ? answerApprovals(core, 'ask', io) : () => undefined;
      let results: CaseResult[];
      try {
        // `ask`: each write waits as a pending approval, answered at the terminal through the approvals service.
        results = await workbench.runCases(undefined, {
          approve: opts.approve,
          decider: say('decider.cliTest', { approve: String(opts.approve) }),
          onResult: opts.json ? undefined : (r) => printResult(r, io),
        });
      } finally {
        stop();
      }
      const failed = results.filter((r) => !r.passed).length;
      if (opts.junit) await writeFileAtomic(resolve(opts.junit), junitXml(results), { encoding: 'utf8' });
      if (opts.json) io.stdout(JSON.stringify({ passed: results.length - failed, failed, results }, null, 2));
      else
        io.stdout(
          `\n${results.length - failed} passed, ${failed} failed (${results.length} cases; cases file ${casesPath})`,
        );
      return failed > 0 ? 1 : 0;
    },
    env,
  );
}

function parseMaxCases(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('a whole number of cases, 1 or more');
  return n;
}

function printResult(result: CaseResult, io: CliIo): void {
  io.stdout(
    `${result.passed ? 'PASS' : 'FAIL'}  ${result.name}  (${result.actingIdentity ? `as ${result.actingIdentity}, ` : ''}${result.durationMs} ms)`,
  );
  for (const failure of result.failed) io.stdout(`      ✗ ${failure}`);
}
