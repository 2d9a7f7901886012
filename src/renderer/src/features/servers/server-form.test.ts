import { describe, expect, it } from 'vitest';
import { serverConfigSchema, type ServerConfig } from '../../../../shared/config/schema';
import { SERVER_LIMITS } from '../../../../shared/config/rules';
import { i18n } from '../../lib/i18n';
import {
  configFromForm,
  emptyServerForm,
  errorsFromProblems,
  formFromConfig,
  validateServerForm,
  type ServerFormState,
} from './server-form';
import { httpForm as http, stdioForm as stdio } from './server-form-fixtures';

describe('server form validation', () => {
  it('accepts a complete HTTP or stdio entry', () => {
    expect(validateServerForm(http(), ['shop'])).toEqual({});
    expect(validateServerForm(stdio({ env: [{ key: 'ROOT', value: '/tmp' }] }), ['shop'])).toEqual({});
  });

  it('requires a valid, unique name (except the entry’s own)', () => {
    expect(validateServerForm(http({ name: '' }), []).name).toEqual(['a name is required']);
    expect(validateServerForm(http({ name: 'my server' }), []).name?.[0]).toMatch(/letters, digits/);
    expect(validateServerForm(http({ name: 'shop' }), ['shop']).name).toEqual(['a server named "shop" already exists']);
    expect(validateServerForm(http({ name: 'shop' }), ['shop'], 'shop').name).toBeUndefined();
    expect(validateServerForm(http({ name: 'x'.repeat(65) }), []).name).toEqual(['at most 64 characters']);
  });

  it('requires an http(s) URL for HTTP and a command for stdio', () => {
    expect(validateServerForm(http({ url: '' }), []).url).toEqual(['a URL is required']);
    expect(validateServerForm(http({ url: 'ftp://host/mcp' }), []).url?.[0]).toMatch(/http:\/\/ or https:\/\//);
    expect(validateServerForm(http({ url: 'not a url' }), []).url).toHaveLength(1);
    expect(validateServerForm(stdio({ command: '  ' }), []).command?.[0]).toMatch(/command is required/);
  });

  it('checks the timeout range', () => {
    for (const bad of ['0', '-5', '1.5', 'abc', '600001'])
      expect(validateServerForm(http({ timeoutMs: bad }), []).timeoutMs).toHaveLength(1);
    expect(validateServerForm(http({ timeoutMs: '5000' }), []).timeoutMs).toBeUndefined();
  });

  it('checks header and environment rows: names required, valid and not repeated; blank rows ignored', () => {
    const errors = validateServerForm(
      http({
        headers: [
          { key: 'Authorization', value: 'Bearer ${env:TOKEN}' },
          { key: '', value: 'orphan' },
          { key: 'Bad Header', value: 'x' },
          { key: 'Authorization', value: 'again' },
          { key: '', value: '' },
        ],
      }),
      [],
    );
    expect(errors).toEqual({
      'headers.1.key': ['a name is required'],
      'headers.2.key': [
        '"Bad Header" is not a header name HTTP accepts: use letters, digits and !#$%&\'*+-.^_`|~, without spaces or ":"',
      ],
      'headers.3.key': ['"Authorization" is set twice'],
    });
    expect(validateServerForm(stdio({ env: [{ key: 'A=B', value: '1' }] }), [])['env.0.key']).toHaveLength(1);
  });
});

describe('server form <-> config', () => {
  it('sends only the chosen kind’s fields, with blanks left out', () => {
    expect(
      configFromForm(
        http({
          headers: [
            { key: 'X-Key', value: 'v' },
            { key: '', value: '' },
          ],
          timeoutMs: '5000',
          transport: 'sse',
          command: 'ignored',
        }),
      ),
    ).toEqual({
      name: 'crm',
      enabled: true,
      timeoutMs: 5000,
      url: 'http://127.0.0.1:3001/mcp',
      transport: 'sse',
      headers: { 'X-Key': 'v' },
    });
    expect(configFromForm(stdio({ args: ['-y', '', 'pkg'], cwd: ' ' }))).toEqual({
      name: 'files',
      enabled: true,
      command: 'npx',
      args: ['-y', 'pkg'],
      env: {},
    });
    expect(configFromForm({ ...emptyServerForm('builtin'), builtin: 'shop', name: 'shop', enabled: false })).toEqual({
      name: 'shop',
      enabled: false,
      builtin: 'shop',
    });
  });

  it('keeps a builtin entry’s own builtin name through the form (it was always written back as "shop")', () => {
    const config = { name: 'notes', enabled: true, builtin: 'notebook' } as ServerConfig;
    expect(formFromConfig(config).builtin).toBe('notebook');
    expect(configFromForm({ ...formFromConfig(config), enabled: false })).toEqual({
      name: 'notes',
      enabled: false,
      builtin: 'notebook',
    });
  });

  it('round-trips a configured entry through the form', () => {
    const config = {
      name: 'files',
      enabled: true,
      command: 'npx',
      args: ['-y', 'srv'],
      env: { ROOT: '/' },
      cwd: '/work',
      timeoutMs: 3000,
    };
    expect(configFromForm(formFromConfig(config))).toEqual(config);
  });

  it('keeps the MCP revision an entry pins through an edit; auto, the default, is not written', () => {
    const pinned = {
      name: 'old',
      enabled: true,
      url: 'http://127.0.0.1:3001/mcp',
      transport: 'streamable-http' as const,
      headers: {},
      protocol: 'legacy' as const,
    };
    expect(formFromConfig(pinned).protocol).toBe('legacy');
    expect(configFromForm(formFromConfig(pinned))).toMatchObject({ protocol: 'legacy' });
    const modern = { name: 'new', enabled: true, command: 'srv', args: [], env: {}, protocol: '2026-07-28' as const };
    expect(configFromForm(formFromConfig(modern))).toEqual(modern);
    expect(configFromForm({ ...formFromConfig(modern), protocol: 'auto' })).not.toHaveProperty('protocol');
  });

  it('keeps what the server may ask of us through an edit, and checks it', () => {
    const config = {
      name: 'everything',
      enabled: true,
      command: 'node',
      args: ['srv.js'],
      env: {},
      roots: ['/work/a', '/work/b'],
      maxTotalTimeoutMs: 900_000,
      sampling: false,
      samplingPerMinute: 3,
      elicitation: false,
    };
    expect(configFromForm(formFromConfig(config))).toEqual(config);
    const form = formFromConfig(config);
    expect(form.client.roots).toBe('/work/a\n/work/b');
    // Both declared (the default): nothing is written for them.
    expect(
      configFromForm({
        ...form,
        client: {
          ...form.client,
          roots: ' \n',
          elicitation: true,
          sampling: true,
          samplingPerMinute: '',
          maxTotalTimeoutMs: '',
        },
      }),
    ).toEqual({
      name: 'everything',
      enabled: true,
      command: 'node',
      args: ['srv.js'],
      env: {},
    });
    expect(
      validateServerForm(
        { ...form, client: { ...form.client, samplingPerMinute: '0', maxTotalTimeoutMs: 'soon' } },
        [],
      ),
    ).toEqual({
      maxTotalTimeoutMs: ['a whole number of milliseconds from 1 to 86400000'],
      samplingPerMinute: ['a whole number of requests from 1 to 1000'],
    });
  });

  it('places main’s problems on fields, whatever the path prefix', () => {
    expect(
      errorsFromProblems([
        { path: 'server.url', message: 'Invalid URL' },
        { path: 'agent.mcp.servers.2.name', message: 'duplicate server name "crm"' },
        { path: 'server.headers.X', message: 'expected string' },
        { path: 'server', message: 'Invalid input' },
      ]),
    ).toEqual({
      url: ['Invalid URL'],
      name: ['duplicate server name "crm"'],
      headers: ['expected string'],
      '': ['Invalid input'],
    });
  });
});

describe('the OAuth block of a remote server', () => {
  const auth = (patch: Partial<ServerFormState['auth']>) => ({ ...emptyServerForm().auth, ...patch });

  it('an edit keeps the auth block it was opened with; blank fields write none', () => {
    const config = {
      name: 'tracker',
      enabled: true,
      url: 'https://tracker.example.com/mcp',
      transport: 'streamable-http' as const,
      headers: {},
      auth: {
        grant: 'client_credentials' as const,
        clientId: 'sb',
        privateKey: '${env:TRACKER_KEY}',
        scopes: ['tickets:read', 'tickets:write'],
      },
    };
    expect(configFromForm(formFromConfig(config))).toEqual({ ...config, enabled: true });
    expect(configFromForm(http())).not.toHaveProperty('auth');
    expect(
      (
        configFromForm(http({ auth: auth({ clientMetadataUrl: ' https://sb.example.com/client.json ' }) })) as {
          auth?: unknown;
        }
      ).auth,
    ).toEqual({ clientMetadataUrl: 'https://sb.example.com/client.json' });
  });

  it('keeps a cross_app_access block, whose idp the form does not edit, through an edit', () => {
    const config = {
      name: 'crm',
      enabled: true,
      url: 'https://crm.example.com/mcp',
      transport: 'streamable-http' as const,
      headers: {},
      auth: {
        grant: 'cross_app_access' as const,
        clientId: 'sb',
        clientSecret: '${env:CRM_SECRET}',
        idp: { issuer: 'https://idp.example.com', clientId: 'sb-at-idp', idToken: '${env:IDP_ID_TOKEN}' },
      },
    };
    const form = formFromConfig(config);
    expect(configFromForm({ ...form, auth: { ...form.auth, scopes: 'crm:read' } })).toEqual({
      ...config,
      auth: { ...config.auth, scopes: ['crm:read'] },
    });
  });

  it('checks the block by the config schema’s own rules, in main’s words, on the field concerned', () => {
    expect(validateServerForm(http({ auth: auth({ grant: 'client_credentials' }) }), [])).toEqual({
      'auth.clientId': ['the client_credentials grant needs a clientId'],
      'auth.clientSecret': ['the client_credentials grant needs either a clientSecret or a privateKey'],
    });
    expect(validateServerForm(http({ auth: auth({ privateKey: 'key.pem' }) }), [])['auth.privateKey']).toEqual([
      'privateKey (private_key_jwt) is used with grant: client_credentials',
    ]);
    expect(validateServerForm(http({ auth: auth({ clientSecret: 's' }) }), [])['auth.clientSecret']).toEqual([
      'a clientSecret needs its clientId',
    ]);
    expect(
      validateServerForm(http({ auth: auth({ clientMetadataUrl: 'http://x.example/c.json' }) }), [])[
        'auth.clientMetadataUrl'
      ],
    ).toEqual(['an https:// URL with a path']);
    expect(
      validateServerForm(http({ auth: auth({ clientId: 'sb', clientSecret: '${env:S}', scopes: 'a b' }) }), []),
    ).toEqual({});
    expect(
      errorsFromProblems([{ path: 'server.auth.clientId', message: 'the client_credentials grant needs a clientId' }]),
    ).toEqual({
      'auth.clientId': ['the client_credentials grant needs a clientId'],
    });
  });
});

describe('the form refuses what main refuses, by the same rules (shared/config/rules.ts)', () => {
  // The entry as main would receive it: does main's schema take it, and does the form say nothing?
  const verdicts = (form: ServerFormState) => ({
    main: serverConfigSchema.safeParse(configFromForm(form)).success,
    form: Object.keys(validateServerForm(form, [])).length === 0,
  });
  const agree = (form: ServerFormState) => {
    const { main, form: local } = verdicts(form);
    expect(local, JSON.stringify(configFromForm(form))).toBe(main);
    return main;
  };

  it('each whole-number field at its cap and one past it', () => {
    const client = emptyServerForm('stdio').client;
    const at = (max: number, extra = 0) => String(max + extra);
    for (const extra of [0, 1]) {
      expect(agree(http({ timeoutMs: at(SERVER_LIMITS.timeoutMs, extra) }))).toBe(extra === 0);
      expect(agree(stdio({ installTimeoutMs: at(SERVER_LIMITS.installTimeoutMs, extra) }))).toBe(extra === 0);
      expect(
        agree(http({ client: { ...client, maxTotalTimeoutMs: at(SERVER_LIMITS.maxTotalTimeoutMs, extra) } })),
      ).toBe(extra === 0);
      expect(
        agree(http({ client: { ...client, samplingPerMinute: at(SERVER_LIMITS.samplingPerMinute, extra) } })),
      ).toBe(extra === 0);
      const roots = Array.from({ length: SERVER_LIMITS.roots + extra }, (_, i) => `/r/${i}`).join('\n');
      expect(agree(stdio({ client: { ...client, roots } }))).toBe(extra === 0);
    }
  });

  it('an auth block main refuses by a rule across its fields is refused by the form, whatever the grant', () => {
    const idp = { issuer: 'https://idp.example', clientId: 'sb-idp', idToken: '${env:ID_TOKEN}' };
    const block = (patch: Partial<ServerFormState['auth']>) => http({ auth: { ...emptyServerForm().auth, ...patch } });
    // cross_app_access needs the client registered with the MCP server's authorization server: id and secret.
    expect(agree(block({ grant: 'cross_app_access', idp, clientId: 'sb' }))).toBe(false);
    expect(validateServerForm(block({ grant: 'cross_app_access', idp, clientId: 'sb' }), [])).toEqual({
      'auth.clientSecret': [
        "the cross_app_access grant needs the clientId and clientSecret registered with the MCP server's authorization server",
      ],
    });
    expect(agree(block({ grant: 'cross_app_access', idp, clientId: 'sb', clientSecret: '${env:S}' }))).toBe(true);
    expect(agree(block({ grant: 'client_credentials', clientId: 'sb', privateKey: 'k.pem' }))).toBe(true);
    expect(agree(block({ grant: 'client_credentials', clientSecret: 's', privateKey: 'k.pem' }))).toBe(false);
    expect(agree(block({ clientSecret: 's' }))).toBe(false);
  });

  it('a scope main refuses (not printable ASCII) is refused at its field, before sending', () => {
    const withScopes = (scopes: string) =>
      http({ auth: { ...emptyServerForm().auth, clientId: 'sb', clientSecret: '${env:S}', scopes } });
    expect(agree(withScopes('tickets:read tickets:write'))).toBe(true);
    for (const scopes of ['读取 tickets:read', 'a\u200bb', 'say"hi', 'back\\slash']) {
      expect(agree(withScopes(scopes))).toBe(false);
      expect(validateServerForm(withScopes(scopes), [])['auth.scopes']).toHaveLength(1);
    }
  });
});

describe('the local checks speak the UI language', () => {
  it('in zh-CN each problem is said in Chinese, with its values verbatim', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      expect(validateServerForm(http({ name: '' }), []).name).toEqual(['名称不能为空']);
      expect(validateServerForm(http({ name: 'shop' }), ['shop']).name).toEqual(['已有名为“shop”的服务']);
      expect(validateServerForm(http({ timeoutMs: '0' }), []).timeoutMs).toEqual([
        `请输入 1 到 ${SERVER_LIMITS.timeoutMs} 之间的整数（毫秒）`,
      ]);
      const errors = validateServerForm(
        http({
          url: 'ftp://host',
          headers: [
            { key: 'X', value: '1' },
            { key: 'X', value: '2' },
            { key: 'Bad Header', value: '3' },
          ],
          auth: { ...emptyServerForm().auth, grant: 'client_credentials' },
        }),
        [],
      );
      expect(errors.url?.[0]).toMatch(/^请输入 http:\/\/ 或 https:\/\/ 开头的 URL/);
      expect(errors['headers.1.key']).toEqual(['“X”重复设置了']);
      expect(errors['headers.2.key']?.[0]).toMatch(/^“Bad Header”不是 HTTP 接受的请求头名称/);
      expect(errors['auth.clientId']).toEqual(['client_credentials 授权方式需要 clientId']);
      // Nothing the form says is left in English.
      expect(Object.values(errors).flat().join(' ')).not.toMatch(/\b(a|an|the|is|needs|either)\b/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
