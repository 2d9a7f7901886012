import { describe, expect, it } from 'vitest';
import { serverConfigSchema } from '../../../../shared/config/schema';
import { validateServerForm } from './server-form';
import { httpForm as http, stdioForm as stdio } from './server-form-fixtures';

/** What the server form refuses as the operator types, main's schema refuses too, in the same words (one rule each). */

describe('the server form and the config schema share their rules', () => {
  it('an environment variable name the form refuses, main refuses too, in the same words (one rule: isEnvVariableName)', () => {
    const name = 'A=B';
    const formSays = validateServerForm(stdio({ env: [{ key: name, value: '1' }] }), [])['env.0.key'];
    const parsed = serverConfigSchema.safeParse({ name: 'files', command: 'npx', env: { [name]: '1' } });
    expect(formSays).toEqual(
      parsed.error?.issues.filter((i) => i.path.join('.') === `env.${name}`).map((i) => i.message),
    );
    expect(formSays?.[0]).toMatch(/^"A=B" is not an environment variable name/);
    expect(
      serverConfigSchema.safeParse({ name: 'files', command: 'npx', env: { 'ProgramFiles(x86)': 'C:' } }).success,
    ).toBe(true);
  });

  it('a header name the form refuses, main refuses too, in the same words (one rule: HEADER_NAME)', () => {
    for (const name of ['Bad Header', 'X:Key', 'Ümlaut', '(x)']) {
      const formSays = validateServerForm(http({ headers: [{ key: name, value: 'v' }] }), [])['headers.0.key'];
      const parsed = serverConfigSchema.safeParse({
        name: 'crm',
        url: 'http://127.0.0.1:3001/mcp',
        headers: { [name]: 'v' },
      });
      const mainSays = parsed.error?.issues.filter((issue) => issue.path.join('.') === `headers.${name}`);
      expect(formSays, name).toEqual(mainSays?.map((issue) => issue.message));
    }
    const fine = { 'X-Api-Key': 'v', "!#$%&'*+.^_`|~": 'v' };
    expect(
      validateServerForm(http({ headers: Object.entries(fine).map(([key, value]) => ({ key, value })) }), []),
    ).toEqual({});
    expect(serverConfigSchema.safeParse({ name: 'crm', url: 'http://127.0.0.1:3001/mcp', headers: fine }).success).toBe(
      true,
    );
  });
});
