import type { Command } from 'commander';
import type { ReplayStep } from '../../shared/contract';
import { traceLink } from '../../shared/telemetry/trace-link';
import type { Core } from '../core/app';
import { NotFound } from '../core/errors';
import { withCore } from './core-session';
import type { CliIo } from './io';

interface ReplayOptions {
  config?: string;
  dataDir?: string;
  json?: boolean;
}

export function registerReplayCommand(program: Command, io: CliIo): void {
  program
    .command('replay <conversationId>')
    .description(
      'send a saved conversation’s messages again with today’s config and model (writes never run) and compare step by step',
    )
    .option('--data-dir <dir>', 'where the conversation is kept (default ~/.switchboard)')
    .option('--config <file>', 'config file (default: <data dir>/switchboard.yaml)')
    .option('--json', 'print {steps: [{original, replay, same}], diverged} as JSON')
    .action(async (conversationId: string, opts: ReplayOptions) => {
      process.exitCode = await runReplay(conversationId, opts, io);
    });
}

/** 0 when the replay ran (diverged or not: that is the finding); 2 when the conversation does not exist. */
export async function runReplay(
  conversationId: string,
  opts: ReplayOptions,
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  return withCore(
    opts,
    io,
    async (core) => {
      let report;
      try {
        report = await core.services.workbench.replay(conversationId);
      } catch (error) {
        if (!(error instanceof NotFound)) throw error;
        io.stderr(error.message);
        return 2;
      }
      const traces = originalTraces(core, conversationId);
      if (opts.json) {
        io.stdout(JSON.stringify(traces.length ? { ...report, traces } : report, null, 2));
        return 0;
      }
      io.stdout(
        `replay of ${report.conversationId} as ${report.actingIdentity} with ${report.modelLabel}: ${report.outcomeDiffers ? 'DIVERGED (answers or calls differ)' : report.diverged ? 'same answers and calls; only what the model was given changed' : 'same as the original'}`,
      );
      for (const change of report.toolChanges)
        io.stdout(
          `tool list ${[...change.added.map((n) => `+${n}`), ...change.removed.map((n) => `−${n}`)].join(' ')} on ${change.steps} step${change.steps === 1 ? '' : 's'}`,
        );
      for (const step of report.steps) printStep(step, io);
      if (traces.length) io.stdout('\ntraces of the original calls:');
      for (const trace of traces)
        io.stdout(
          `  ${trace.tool} (${trace.recordId}): trace ${trace.traceId} span ${trace.spanId}${trace.link ? ` ${trace.link}` : ''}`,
        );
      return 0;
    },
    env,
  );
}

function printStep(step: ReplayStep, io: CliIo): void {
  io.stdout(
    `\n${step.outcomeDiffers ? '≠' : step.same ? '=' : '≈'} turn ${step.turn} step ${step.step}${step.step === 1 ? `  user: ${step.userText}` : ''}`,
  );
  if (!step.same) io.stdout(`  differs: ${step.differences.join('; ')}`);
  for (const [label, side] of [
    ['original', step.original],
    ['replay  ', step.replay],
  ] as const) {
    if (!side) {
      io.stdout(`  ${label}: (no such step)`);
      continue;
    }
    const calls =
      side.calls
        .map(
          (c) =>
            `${c.tool} ${JSON.stringify(c.arguments)} → ${c.status}${c.approval === 'asked' ? ' (asked for approval)' : ''}`,
        )
        .join('; ') || 'no calls';
    io.stdout(`  ${label}: ${side.tools.length} tools, ~${side.tokens} tokens; ${calls}`);
    if (side.wouldAskApproval.length)
      io.stdout(`            would have asked for approval: ${side.wouldAskApproval.join(', ')}`);
    if (side.answer) io.stdout(`            answer: ${side.answer.replace(/\n/g, ' ').slice(0, 200)}`);
  }
}

/** The original calls' OpenTelemetry ids (records made while telemetry was on), linked by the trace URL template. */
function originalTraces(core: Core, conversationId: string) {
  const template = core.services.telemetry.view().saved.traceUrlTemplate;
  return core.services.records
    .list({ conversationId, limit: 10_000 })
    .filter((r) => r.traceId && r.actor !== 'replay')
    .map((r) => ({
      recordId: r.id,
      tool: r.tool,
      traceId: r.traceId as string,
      spanId: r.spanId as string,
      link: traceLink(template, r),
    }));
}
