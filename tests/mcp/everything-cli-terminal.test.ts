import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliAtTerminal, hasScript, type Rule } from '../support/cli-at-terminal';
import { EVERYTHING_SERVER } from '../support/mcp/stdio-peers';
import { mountedToolsConfig } from '../support/mcp/mounted-config';
import { configDir, type ConfigDir } from '../support/config-dir';

/**
 * `switchboard chat` at a real terminal: the CLI decides it may ask from `process.stdin.isTTY`, so it runs
 * under util-linux `script`, which gives it a pseudo-terminal; the test reads the terminal's output and
 * types an answer only once its question is on screen, as an operator would.
 */
const TOOLS = ['trigger-elicitation-request', 'trigger-url-elicitation', 'trigger-sampling-request'];

let folder: ConfigDir;
let dir: string;
let config: string;
beforeAll(async () => {
  folder = await configDir(
    'sb-cli-tty-',
    mountedToolsConfig({
      servers: [{ name: 'everything', ...EVERYTHING_SERVER, timeoutMs: 30_000 }],
      tools: TOOLS,
      category: { id: 'every', name: 'everything' },
    }),
  );
  ({ dir, config } = folder);
});
afterAll(() => folder?.remove());

/** `switchboard chat` in a pty (cli-at-terminal), with the --json events read back off the screen. */
async function chatAtTerminal(messages: string[], rules: Rule[], extraArgs: string[] = []) {
  const args = [
    'chat',
    '--config',
    config,
    '--data-dir',
    join(dir, 'data'),
    '--approve',
    'none',
    '--json',
    ...extraArgs,
    ...messages.flatMap((m) => ['-m', m]),
  ];
  const run = await cliAtTerminal(args, rules);
  const events = run.screen
    .split('\n')
    .map((l) => l.indexOf('{"type"') >= 0 && l.slice(l.indexOf('{"type"')))
    .filter((l): l is string => Boolean(l))
    .map((l) => JSON.parse(l) as { type: string } & Record<string, unknown>);
  return { ...run, events };
}

describe.skipIf(!hasScript)(
  'switchboard chat at a terminal (--elicit ask and --sampling ask, the defaults there)',
  () => {
    it('asks the form field by field, re-asks a wrong answer, shows a URL without opening it, and reviews a sampling request and its answer', async () => {
      const url = 'https://auth.example.com/consent?x=1';
      const run = await chatAtTerminal(
        [
          '/call trigger-elicitation-request {}',
          `/call trigger-url-elicitation {"url": "${url}"}`,
          '/call trigger-sampling-request {"prompt": "hi", "maxTokens": 16}',
        ],
        [
          { question: /^String \*: $/, answers: ['Ada Lovelace'] },
          { question: /^Integer \[42\]: $/, answers: ['500', '7'] },
          { question: /^Send these answers\?/, answers: ['a'] },
          { question: /^Done with it\?/, answers: ['d'] },
          { question: /^Send this to offline demo model\? \[y\/N\]/, answers: ['y'] },
          { question: /^Return this answer to everything\? \[y\/N\]/, answers: ['y'] },
          { question: /^(Boolean|String with|Number in range|Untitled|Titled|Legacy)[^:]*: $/, answers: [''] }, // every other field: its default (or nothing)
        ],
      );
      expect(run.code, run.screen).toBe(0);
      // Each question once, in order; the out-of-range integer asked again after saying why.
      expect(run.asked.filter((q) => q.startsWith('Integer'))).toEqual(['Integer [42]:', 'Integer [42]:']);
      expect(run.screen).toContain('Integer must be at most 100');
      expect(run.screen).toContain(
        '? everything asks (during trigger-elicitation-request): Please provide inputs for the following fields:',
      );
      expect(run.screen).toContain(`URL: ${url}`);
      expect(run.screen).toContain('host: auth.example.com (not opened: open it yourself if you trust it)');
      expect(run.screen).toContain('user: Resource trigger-sampling-request context: hi');
      // The model's answer is shown before the operator decides to return it.
      const answerShown = run.screen.indexOf(
        'offline demo model answered: Demo answer: you asked “Resource trigger-sampling-request context: hi”',
      );
      expect(answerShown).toBeGreaterThan(0);
      expect(answerShown).toBeLessThan(run.screen.indexOf('Return this answer to everything?'));

      const resolved = run.events.filter((e) => e.type === 'request.resolved');
      expect(resolved).toEqual([
        expect.objectContaining({
          kind: 'elicitation',
          outcome: 'accept',
          decidedBy: 'cli operator',
          response: expect.objectContaining({
            name: 'Ada Lovelace',
            integer: 7,
            firstLine: 'It was a dark and stormy night.',
            titledMultipleSelectEnum: ['fish-1'],
          }),
        }),
        expect.objectContaining({ kind: 'elicitation', outcome: 'decline', decidedBy: 'cli operator' }),
        expect.objectContaining({ kind: 'sampling', outcome: 'sent', decidedBy: 'cli operator' }),
      ]);
      const results = run.events.filter((e) => e.type === 'tool.result');
      expect(results.map((r) => r.status)).toEqual(['success', 'success', 'success']);
      expect(String(results[0].text)).toContain('- Name: Ada Lovelace');
      expect(String(results[0].text)).toContain('- Favorite Integer: 7');
      expect(String(results[1].text)).toContain('User declined to open the URL');
      expect(String(results[2].text)).toContain('Demo answer: you asked');
    }, 120_000);

    it('--elicit decline and --sampling deny at a terminal ask nothing', async () => {
      const run = await chatAtTerminal(
        ['/call trigger-elicitation-request {}', '/call trigger-sampling-request {"prompt": "hi"}'],
        [],
        ['--elicit', 'decline', '--sampling', 'deny'],
      );
      expect(run.code, run.screen).toBe(0);
      expect(run.asked).toEqual([]);
      expect(run.events.filter((e) => e.type === 'request.resolved').map((e) => e.decidedBy)).toEqual([
        'policy (--elicit decline)',
        'policy (--sampling deny)',
      ]);
    }, 120_000);
  },
);
