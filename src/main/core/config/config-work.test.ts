import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { editConfig, prepareSave, readConfig, readConfigInTurns } from './config-text';
import { createConfigWork, startConfigWorker, type ConfigWork } from './config-work';
import { demoShopConfigText } from '../../demo-shop/default-config';

const TOKEN = 'sk-live-0123456789abcdef1234';
function configWithServers(count: number): string {
  const config = parse(demoShopConfigText());
  config.agent.mcp.servers.push(
    ...Array.from({ length: count }, (_, i) => ({
      name: `s${i}`,
      url: `http://127.0.0.1:9/s${i}/mcp`,
      enabled: false,
      headers: { Authorization: `Bearer ${TOKEN}` },
    })),
  );
  return `# kept\n${stringify(config)}`;
}

let work: ConfigWork | undefined;
afterEach(async () => {
  await work?.close();
  work = undefined;
});

describe('config work off the main thread', () => {
  it('gives in the worker exactly what it gives inline: read, edit, save', async () => {
    const started: Worker[] = [];
    work = createConfigWork({ inlineMaxBytes: 0, startWorker: () => started[started.push(startConfigWorker()) - 1] });
    const text = configWithServers(3);
    const read = await work.read(text);
    expect(read).toEqual(readConfig(text));
    expect(read.ok).toBe(true);
    expect(read.masked).not.toContain(TOKEN);
    const edits = [{ op: 'set' as const, path: ['agent', 'maxSteps'], value: 3 }];
    expect(await work.edit(text, edits)).toEqual(editConfig(text, edits));
    expect(await work.save(text, read.masked)).toEqual(prepareSave(text, read.masked));
    const invalid = await work.edit(text, [{ op: 'set', path: ['agent', 'maxSteps'], value: 'lots' }]);
    expect(invalid).toMatchObject({
      ok: false,
      base: false,
      problems: [expect.objectContaining({ path: 'agent.maxSteps' })],
    });
    expect(started).toHaveLength(1); // one worker for all of it
  }, 60_000);

  it('keeps small texts on this thread: no worker is started', async () => {
    let starts = 0;
    work = createConfigWork({ startWorker: () => (starts++, startConfigWorker()) });
    expect((await work.read(demoShopConfigText())).ok).toBe(true);
    expect(starts).toBe(0);
  });

  it('reads a small text on this thread in two turns of the event loop: the YAML, then the schema', async () => {
    work = createConfigWork();
    const text = demoShopConfigText();
    let turned = false;
    setImmediate(() => (turned = true)); // the next turn: done before the read only if the read hands the loop back
    expect(await work.read(text)).toEqual(readConfig(text));
    expect(turned).toBe(true);
  });

  it('hands the loop back exactly between the YAML and the schema, with the same reading as in one go', async () => {
    const steps: string[] = [];
    const broken = 'agent:\n  maxSteps: lots\n';
    for (const text of [demoShopConfigText(), broken, 'agent: [unclosed\n']) {
      const reading = await readConfigInTurns(text, undefined, async () => void steps.push('turn'));
      expect(reading).toEqual(readConfig(text));
    }
    expect(steps).toEqual(['turn', 'turn', 'turn']);
  });

  it('does the work on this thread when the worker cannot start, and says so once', async () => {
    const logged: string[] = [];
    let starts = 0;
    work = createConfigWork({
      inlineMaxBytes: 0,
      log: (line) => logged.push(line),
      startWorker: () => (starts++, new Worker('throw new Error("no worker here")', { eval: true })),
    });
    const text = configWithServers(2);
    expect(await work.read(text)).toEqual(readConfig(text));
    expect(await work.edit(text, [])).toEqual(editConfig(text, []));
    expect(starts).toBe(1);
    expect(logged).toEqual([
      expect.stringContaining('config worker unavailable, parsing on the main thread: no worker here'),
    ]);
  });

  it('ends an idle worker and starts another for the next large text', async () => {
    const started: Worker[] = [];
    work = createConfigWork({
      inlineMaxBytes: 0,
      idleMs: 50,
      startWorker: () => started[started.push(startConfigWorker()) - 1],
    });
    const text = configWithServers(1);
    await work.read(text);
    await new Promise<void>((resolve) => started[0].once('exit', () => resolve()));
    expect((await work.read(text)).ok).toBe(true);
    expect(started).toHaveLength(2);
  }, 60_000);

  it("a read the worker fails is the file's problem, said as a code (config.readFailed), the failure's words verbatim", async () => {
    // A worker that starts, then fails every job (as one that ran out of memory on a huge file would).
    const failing = `const { parentPort } = require('node:worker_threads');
      parentPort.postMessage({ ready: true });
      parentPort.on('message', ({ id }) => parentPort.postMessage({ id, error: 'heap limit reached' }));`;
    work = createConfigWork({ inlineMaxBytes: 0, startWorker: () => new Worker(failing, { eval: true }) });
    const read = await work.read(configWithServers(1));
    expect(read).toEqual({
      ok: false,
      masked: '',
      problems: [
        {
          path: '',
          message: 'the file could not be read: heap limit reached',
          uiMessage: {
            code: 'config.readFailed',
            params: { detail: 'heap limit reached' },
            text: 'the file could not be read: heap limit reached',
          },
        },
      ],
    });
  });
});
