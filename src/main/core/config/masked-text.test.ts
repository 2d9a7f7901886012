import { describe, expect, it } from 'vitest';
import { parse, parseDocument } from 'yaml';
import { prepareSave, readConfig } from './config-text';
import { maskText, restoreMasked } from './masked-text';

const TOKEN = 'sk-live-0123456789abcdef1234';
const PEM = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
const FILE = `# operator's notes stay
agent:
  mcp:
    servers:
      - name: tracker # the issue tracker
        url: https://tracker.example/mcp
        headers:
          Authorization: Bearer ${TOKEN}
          X-Env: \${env:TRACKER_KEY}
      - name: machine
        url: https://machine.example/mcp
        auth:
          grant: client_credentials
          clientId: machine-id
          privateKey: |
${PEM.split('\n')
  .map((line) => `            ${line}`)
  .join('\n')}
      - name: local
        command: node
        env: { GITHUB_TOKEN: "ghp_abcdefghijklmnop5678", LOG_LEVEL: debug }
  maxSteps: 5
`;

describe('the raw text as it leaves main', () => {
  const masked = maskText(FILE, parseDocument(FILE));

  it('masks each literal secret in place and keeps comments, references, other values and line numbers', () => {
    expect(masked).not.toContain(TOKEN);
    expect(masked).not.toContain('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC');
    expect(masked).not.toContain('ghp_abcdefghijklmnop5678');
    expect(masked).toContain('Authorization: "Bearer ••••1234"');
    expect(masked).toContain('GITHUB_TOKEN: "••••5678", LOG_LEVEL: debug');
    expect(masked).toContain("# operator's notes stay");
    expect(masked).toContain('- name: tracker # the issue tracker');
    expect(masked).toContain('X-Env: ${env:TRACKER_KEY}');
    expect(masked.split('\n')).toHaveLength(FILE.split('\n').length);
    const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle));
    expect(lineOf(masked, 'maxSteps')).toBe(lineOf(FILE, 'maxSteps'));
    expect(parse(masked).agent.mcp.servers[1].auth.privateKey).toMatch(/^••••/);
  });

  it('a save of the masked text as shown writes the file byte for byte', () => {
    const saved = prepareSave(FILE, masked);
    expect(saved.ok && saved.text).toBe(FILE);
  });

  it('an edit elsewhere is applied and the literals stay, also for a renamed entry', () => {
    const edited = masked.replace('maxSteps: 5', 'maxSteps: 6').replace('name: tracker', 'name: issues');
    const saved = prepareSave(FILE, edited);
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(saved.text).toBe(FILE.replace('maxSteps: 5', 'maxSteps: 6').replace('name: tracker', 'name: issues'));
    expect(saved.reading.config!.agent.mcp.servers[0]).toMatchObject({
      name: 'issues',
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
  });

  it('quotes a literal whose source does not fit where its mask was moved to', () => {
    const flow = masked.replace(
      /headers:\n\s+Authorization: "Bearer ••••1234"\n\s+X-Env: \$\{env:TRACKER_KEY\}/,
      'headers: { Authorization: "Bearer ••••1234" }',
    );
    expect(flow).toContain('headers: { Authorization');
    const saved = prepareSave(FILE, flow);
    expect(saved.ok).toBe(true);
    if (saved.ok)
      expect(saved.reading.config!.agent.mcp.servers[0]).toMatchObject({
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
  });

  it('refuses a mask that stands for nothing in the file, with its line, and writes nothing', () => {
    const typedOver = masked.replace('"Bearer ••••1234"', '"Bearer ••••12345"');
    const result = restoreMasked(FILE, typedOver);
    expect(result).toEqual({
      ok: false,
      problems: [
        expect.objectContaining({
          path: 'agent.mcp.servers.0.headers.Authorization',
          line: 8,
          message: expect.stringContaining('matches no stored secret'),
        }),
      ],
    });
    expect(prepareSave(FILE, typedOver).ok).toBe(false);
  });

  it('refuses a mask moved where nothing is masked: a variable renamed to a name never masked, an argument', () => {
    const renamed = masked.replace('GITHUB_TOKEN: "••••5678"', 'GH: "••••5678"');
    expect(restoreMasked(FILE, renamed)).toEqual({
      ok: false,
      problems: [
        expect.objectContaining({
          path: 'agent.mcp.servers.2.env.GH',
          line: 21,
          message: expect.stringContaining('matches no stored secret'),
        }),
      ],
    });
    const inArgs = masked.replace('command: node', 'command: node\n        args: ["--token", "••••5678"]');
    expect(restoreMasked(FILE, inArgs)).toEqual({
      ok: false,
      problems: [expect.objectContaining({ path: 'agent.mcp.servers.2.args.1', line: 21 })],
    });
    expect(prepareSave(FILE, renamed).ok).toBe(false);
  });

  it('reads a broken file as far as it can, and still masks what it found', () => {
    const broken = `${FILE}  this: is: [not yaml\n`;
    const reading = readConfig(broken);
    expect(reading.ok).toBe(false);
    expect(reading.masked).not.toContain(TOKEN);
    expect(readConfig('x'.repeat(3 * 1024 * 1024)).masked).toBe('');
  });
});
