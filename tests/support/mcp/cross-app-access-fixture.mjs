// A real enterprise-managed authorization deployment (SEP-990) in one child process, for tests of grant:
// cross_app_access: an identity provider (RFC 8693 token exchange: ID token -> ID-JAG) on one port, and an MCP
// server with its own authorization server (RFC 7523 jwt-bearer grant: ID-JAG -> access token) on another, both on
// 127.0.0.1:0. Prints one JSON line (URLs, credentials, ID tokens: valid, expired, for another client); GET
// /fixture/counts on the MCP port says what each party received.
// argv: --idp refuse          the IdP refuses every exchange (access_denied)
//       --jag-audience URL    the IdP issues ID-JAGs for another authorization server
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import express from 'express';
import { SignJWT, decodeProtectedHeader, generateKeyPair, jwtVerify } from 'jose';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

const arg = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const IDP_CLIENT = 'switchboard-at-idp';
const MCP_CLIENT = 'switchboard-at-as';
const MCP_SECRET = `as-secret-${randomBytes(8).toString('hex')}`;
const counts = { idpExchanges: 0, idpRefusals: 0, jwtBearerGrants: 0, jwtBearerRefusals: 0, mcpRequests: 0 };
const seenBodies = []; // what each token endpoint received, minus nothing: the test checks no secret leaked elsewhere

const listen = async (app) => {
  const server = createServer(app);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${server.address().port}` };
};

const idpKeys = await generateKeyPair('ES256');
const jagKeys = await generateKeyPair('ES256');
const idpApp = express();
const mcpApp = express();
const idp = await listen(idpApp);
const mcp = await listen(mcpApp);
const mcpUrl = `${mcp.base}/mcp`;
const asIssuer = mcp.base;

const idToken = (claims, expiresIn) =>
  new SignJWT({ email: 'operator@example.com', ...claims })
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer(idp.base)
    .setSubject('operator')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(idpKeys.privateKey);

idpApp.get('/.well-known/oauth-authorization-server', (_req, res) => {
  res.json({
    issuer: idp.base,
    authorization_endpoint: `${idp.base}/authorize`,
    token_endpoint: `${idp.base}/token`,
    response_types_supported: ['code'],
    grant_types_supported: ['urn:ietf:params:oauth:grant-type:token-exchange'],
  });
});
idpApp.post('/token', express.urlencoded({ extended: false }), async (req, res) => {
  counts.idpExchanges += 1;
  seenBodies.push({ at: 'idp', keys: Object.keys(req.body ?? {}).sort() });
  const refuse = (status, error, description) => {
    counts.idpRefusals += 1;
    res.status(status).json({ error, error_description: description });
  };
  if (arg('--idp') === 'refuse')
    return refuse(400, 'access_denied', 'policy forbids this user from reaching that application');
  const body = req.body ?? {};
  if (body.grant_type !== 'urn:ietf:params:oauth:grant-type:token-exchange')
    return refuse(400, 'unsupported_grant_type', 'token exchange only');
  if (
    body.requested_token_type !== 'urn:ietf:params:oauth:token-type:id-jag' ||
    body.subject_token_type !== 'urn:ietf:params:oauth:token-type:id_token'
  )
    return refuse(400, 'invalid_request', 'expected an ID token for an ID-JAG');
  if (body.client_id !== IDP_CLIENT) return refuse(401, 'invalid_client', 'unknown client');
  try {
    await jwtVerify(body.subject_token, idpKeys.publicKey, { issuer: idp.base, audience: IDP_CLIENT });
  } catch (error) {
    return refuse(400, 'invalid_grant', `the ID token is not valid: ${error.code ?? 'unverifiable'}`);
  }
  const jag = await new SignJWT({
    resource: body.resource,
    client_id: MCP_CLIENT,
    ...(body.scope && { scope: body.scope }),
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'oauth-id-jag+jwt' })
    .setIssuer(idp.base)
    .setSubject('operator')
    .setAudience(arg('--jag-audience') ?? body.audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomBytes(8).toString('hex'))
    .sign(jagKeys.privateKey);
  res.json({
    access_token: jag,
    issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
    token_type: 'N_A',
    expires_in: 300,
  });
});

const accessTokens = new Set();
mcpApp.get('/fixture/counts', (_req, res) => void res.json({ ...counts, seenBodies }));
mcpApp.get(
  '/.well-known/oauth-protected-resource/mcp',
  (_req, res) => void res.json({ resource: mcpUrl, authorization_servers: [asIssuer] }),
);
mcpApp.get('/.well-known/oauth-authorization-server', (_req, res) => {
  res.json({
    issuer: asIssuer,
    authorization_endpoint: `${asIssuer}/authorize`,
    token_endpoint: `${asIssuer}/token`,
    response_types_supported: ['code'],
    grant_types_supported: ['urn:ietf:params:oauth:grant-type:jwt-bearer'],
    token_endpoint_auth_methods_supported: ['client_secret_basic'],
  });
});
mcpApp.post('/token', express.urlencoded({ extended: false }), async (req, res) => {
  seenBodies.push({ at: 'as', keys: Object.keys(req.body ?? {}).sort() });
  const refuse = (status, error, description) => {
    counts.jwtBearerRefusals += 1;
    res.status(status).json({ error, error_description: description });
  };
  const basic = (req.headers.authorization ?? '').replace(/^Basic /, '');
  const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent);
  if (id !== MCP_CLIENT || secret !== MCP_SECRET) return refuse(401, 'invalid_client', 'client authentication failed');
  if (req.body?.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
    return refuse(400, 'unsupported_grant_type', 'jwt-bearer only');
  try {
    if (decodeProtectedHeader(req.body.assertion).typ !== 'oauth-id-jag+jwt') throw new Error('typ');
    const { payload } = await jwtVerify(req.body.assertion, jagKeys.publicKey, {
      issuer: idp.base,
      audience: [asIssuer, `${asIssuer}/`],
    });
    if (payload.resource !== mcpUrl || payload.client_id !== MCP_CLIENT) throw new Error('claims');
  } catch {
    return refuse(400, 'invalid_grant', 'the ID-JAG is not for this authorization server');
  }
  counts.jwtBearerGrants += 1;
  const token = `xaa-${randomBytes(12).toString('hex')}`;
  accessTokens.add(token);
  res.json({ access_token: token, token_type: 'Bearer', expires_in: 3600 });
});
mcpApp.post('/mcp', express.json(), async (req, res) => {
  counts.mcpRequests += 1;
  const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  if (!accessTokens.has(token)) {
    res
      .status(401)
      .set('WWW-Authenticate', `Bearer resource_metadata="${mcp.base}/.well-known/oauth-protected-resource/mcp"`)
      .json({ error: 'invalid_token' });
    return;
  }
  const server = new McpServer({ name: 'xaa-fixture', version: '1.0.0' });
  server.registerTool('whoami', { description: 'Who the enterprise says is calling' }, () => ({
    content: [{ type: 'text', text: 'operator@example.com' }],
  }));
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => void transport.close().then(() => server.close()));
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});
mcpApp.all('/mcp', (_req, res) => void res.status(405).set('Allow', 'POST').end());

process.stdout.write(
  `${JSON.stringify({
    mcpUrl,
    asIssuer,
    idpIssuer: idp.base,
    idpTokenEndpoint: `${idp.base}/token`,
    idpClientId: IDP_CLIENT,
    clientId: MCP_CLIENT,
    clientSecret: MCP_SECRET,
    idToken: await idToken({ aud: IDP_CLIENT }, '1h'),
    expiredIdToken: await idToken({ aud: IDP_CLIENT }, Math.floor(Date.now() / 1000) - 3600),
    otherClientIdToken: await idToken({ aud: 'some-other-app' }, '1h'),
  })}\n`,
);
process.on('SIGTERM', () => process.exit(0));
