import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configSchemaFor } from '../config/schema';
import { englishOf, msg } from '../catalog/catalog-messages';
import { MAIN_MESSAGES, MESSAGES, say } from './index';
import { zodIssueMessage } from './zod-issue';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the value to be refused');
  return result.error.issues;
};

describe("main's messages", () => {
  it('renders the English from the one table, values inserted verbatim', () => {
    expect(say('connection.exited', { phase: 'initialize', line: 'Error: {{not_a_placeholder}}' })).toEqual({
      code: 'connection.exited',
      params: { phase: 'initialize', line: 'Error: {{not_a_placeholder}}' },
      text: 'the command exited before it answered initialize: Error: {{not_a_placeholder}}',
    });
    expect(say('agent.turnRunning')).toEqual({ code: 'agent.turnRunning', text: MAIN_MESSAGES['agent.turnRunning'] });
    // Where the English says more than a translation can (a list joined with "and"), the text is given.
    expect(say('config.refused', { count: 2 }, 'line 3: x; line 9: y')).toEqual({
      code: 'config.refused',
      params: { count: 2 },
      text: 'line 3: x; line 9: y',
    });
  });

  it('is one system: say builds any code of the one table, msg the same message without its English', () => {
    const reason = msg('catalog.reason.notMounted', { server: 'shop', toolId: 'refund', unused: undefined });
    expect(reason).toEqual({ code: 'catalog.reason.notMounted', params: { server: 'shop', toolId: 'refund' } });
    expect(say('catalog.reason.notMounted', { server: 'shop', toolId: 'refund' })).toEqual({
      ...reason,
      text: englishOf(reason),
    });
    expect(MESSAGES['desktop.copyLink']).toBe('Copy Link');
    expect(Object.keys(MESSAGES).length).toBeGreaterThan(Object.keys(MAIN_MESSAGES).length);
  });

  it('names every placeholder of every template in the same {{name}} syntax i18next reads', () => {
    for (const [code, template] of Object.entries(MAIN_MESSAGES)) {
      expect(template, code).not.toMatch(/\{(?!\{)\w+\}(?!\})/); // a lone {name} would print as is
    }
  });

  it("codes zod's own issues with their values, and keeps a schema's own wording as its code or as text", () => {
    const [wrongType] = issuesOf(z.strictObject({ raw: z.string() }), { raw: 42 });
    expect(zodIssueMessage(wrongType)).toEqual({
      code: 'zod.invalidType',
      params: { expected: 'string', received: 'number' },
      text: 'Invalid input: expected string, received number',
    });
    const [extra] = issuesOf(z.strictObject({}), { evil: 1, worse: 2 });
    expect(zodIssueMessage(extra)).toMatchObject({
      code: 'zod.unrecognizedKeys',
      params: { keys: 'evil, worse' },
      text: extra.message,
    });
    const [short] = issuesOf(z.string().min(3), 'ab');
    expect(zodIssueMessage(short)).toMatchObject({
      code: 'zod.tooSmallLength',
      params: { origin: 'string', bound: '>=3' },
    });
    const [option] = issuesOf(z.enum(['a', 'b']), 'c');
    expect(zodIssueMessage(option)).toMatchObject({ code: 'zod.invalidValue', params: { options: '"a" | "b"' } });
    // A schema's fixed message that main's table holds: its code.
    const [chars] = issuesOf(configSchemaFor(), {
      agent: { mcp: { servers: [{ name: 'bad name', url: 'http://x' }] } },
    });
    expect(zodIssueMessage(chars)).toEqual({
      code: 'config.serverNameChars',
      text: 'use letters, digits, "_", "-" or "."',
    });
    // Wording the table does not know: no code, the console shows the text.
    const [custom] = issuesOf(
      z.string().refine(() => false, 'something only this schema says'),
      'x',
    );
    expect(zodIssueMessage(custom)).toBeUndefined();
  });

  it("carries the config's cross-field checks as codes with the names they quote", () => {
    const issues = issuesOf(configSchemaFor(), {
      agent: {
        mcp: {
          servers: [
            { name: 'shop', url: 'http://a' },
            { name: 'shop', url: 'http://b' },
          ],
        },
      },
      intents: [{ kind: 'mcp', id: 'n1', name: 'N', toolId: 't', server: 'nowhere' }],
    });
    expect(issues.map(zodIssueMessage)).toEqual([
      { code: 'config.duplicateServer', params: { name: 'shop' }, text: 'duplicate server name "shop"' },
      { code: 'config.unknownServer', params: { server: 'nowhere' }, text: 'unknown server "nowhere"' },
    ]);
  });
});
