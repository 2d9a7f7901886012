import { describe, expect, it } from 'vitest';
import type { ServerConfigInput } from '../../../shared/config/schema';
import { envReferencesOf, showingReferences, withConsentedEnv } from './import-env';

const URL_WITH_TENANT = 'https://x.example/${env:TENANT}/mcp';
const ARGS = ['s.js', '--key=${env:KEY}'];
const remote = {
  name: 'r',
  url: URL_WITH_TENANT,
  headers: { Authorization: 'Bearer ${env:TOKEN}', 'X-Plain': 'p' },
  auth: { clientSecret: '${env:SECRET}' },
} as ServerConfigInput;
const local = { name: 'l', command: 'node', args: ARGS, env: { A: '${env:A}', B: 'b' } } as ServerConfigInput;

describe('import env references', () => {
  it('lists every use with its place', () => {
    expect(envReferencesOf('r', remote).map((r) => `${r.variable}@${r.where}:${r.key}`)).toEqual([
      'TOKEN@header:Authorization',
      'SECRET@auth:clientSecret',
      'TENANT@url:null',
    ]);
    expect(envReferencesOf('l', local).map((r) => `${r.variable}@${r.where}:${r.key}`)).toEqual([
      'A@env:A',
      'KEY@args:1',
    ]);
  });

  it('leaves out a header, env or auth value using a variable not allowed; skips an entry whose url or argument uses one', () => {
    expect(withConsentedEnv(remote, ['TENANT'])).toEqual({
      name: 'r',
      url: URL_WITH_TENANT,
      headers: { 'X-Plain': 'p' },
    });
    expect(withConsentedEnv(remote, [])).toBeUndefined();
    expect(withConsentedEnv(local, ['A'])).toBeUndefined();
    expect(withConsentedEnv(local, ['KEY'])).toEqual({ name: 'l', command: 'node', args: ARGS, env: { B: 'b' } });
    expect(withConsentedEnv(local, 'all')).toEqual(local);
  });

  it('shows references by name, masking only literal text beside them', () => {
    expect(showingReferences('${env:OPENAI_API_KEY}')).toBe('${env:OPENAI_API_KEY}');
    expect(showingReferences('Bearer ${env:T}')).toBe('Bearer ${env:T}');
    expect(showingReferences('sk-literal-${env:T}')).toBe('••••${env:T}');
  });
});
