import type {
  AppResource,
  ApprovalRequest,
  Conversation,
  ElicitationView,
  ExecutionRecord,
  ModelProviderChoice,
  SamplingView,
  Settings,
} from '../../../src/shared/contract';

export const approvalFixture = (over: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  id: 'ap_1',
  conversationId: 'c1',
  turnId: 't1',
  callId: 'call_1',
  toolName: 'cancel_order',
  server: 'shop',
  nodeId: 'order-cancel',
  arguments: { orderNo: 'BS1001011' },
  argumentsHash: 'sha256:abc',
  hints: { readOnlyHint: false, destructiveHint: true },
  policy: 'auto',
  requestedAt: new Date(Date.now() - 1000).toISOString(),
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
  ...over,
});

export const conversationFixture = (over: Partial<Conversation> = {}): Conversation => ({
  id: 'c1',
  title: 'AirPods',
  actingIdentity: 'u1001',
  modelLabel: 'offline demo model',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  running: false,
  items: [],
  turns: [],
  loadedSkills: [],
  approvedForConversation: [],
  ...over,
});

const requestOrigin = (over: { id?: string } = {}) => ({
  id: over.id ?? 'rq_1',
  server: 'everything',
  conversationId: 'c1',
  turnId: 't1',
  callId: 'call_1',
  toolName: 'trigger-elicitation-request',
  requestedAt: new Date(Date.now() - 500).toISOString(),
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
});

/** A form question with each kind of field the spec allows. */
export const elicitationFixture = (over: Partial<ElicitationView> = {}): ElicitationView => ({
  ...requestOrigin(over),
  kind: 'elicitation',
  mode: 'form',
  message: 'Please tell us about you',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name' },
      email: { type: 'string', title: 'Email', format: 'email' },
      age: { type: 'integer', title: 'Age', minimum: 1, maximum: 120, default: 30 },
      agree: { type: 'boolean', title: 'Agree', default: true },
      color: {
        type: 'string',
        title: 'Color',
        oneOf: [
          { const: 'r', title: 'Red' },
          { const: 'g', title: 'Green' },
        ],
        default: 'g',
      },
      fish: { type: 'array', title: 'Fish', items: { type: 'string', enum: ['tuna', 'trout'] }, default: ['tuna'] },
    },
    required: ['name'],
  },
  ...over,
});

export const samplingFixture = (over: Partial<SamplingView> = {}): SamplingView => ({
  ...requestOrigin(over),
  toolName: 'trigger-sampling-request',
  kind: 'sampling',
  stage: 'review',
  request: {
    messages: [{ role: 'user', text: 'What is MCP?', editable: true }],
    systemPrompt: 'You are a helpful test server.',
    maxTokens: 100,
    temperature: 0.7,
  },
  model: 'offline demo model',
  ...over,
});

/** A successful query_order record, started and finished now. */
export const recordFixture = (over: Partial<ExecutionRecord> = {}): ExecutionRecord => {
  const now = new Date().toISOString();
  return {
    id: 'r1',
    conversationId: 'c1',
    turnId: 't1',
    callId: 'k1',
    tool: 'query_order',
    server: 'shop',
    nodeId: 'order-query',
    arguments: { keyword: 'AirPods' },
    argumentsHash: 'sha256:1',
    status: 'success',
    result: { content: [{ type: 'text', text: '[]' }] },
    startedAt: now,
    finishedAt: now,
    durationMs: 12,
    ...over,
  };
};

/** The browser console's sandbox proxy: its own origin, the token in its URL. */
export const BROWSER_SANDBOX = {
  origin: 'http://127.0.0.1:40001',
  proxyUrl: 'http://127.0.0.1:40001/mcp-app-proxy?token=t',
};

/** An MCP App's pinned resource: no permission, nothing dropped from its CSP. */
export const appResourceFixture = (over: Partial<AppResource> = {}): AppResource => ({
  server: 'apps',
  toolId: 'show',
  uri: 'ui://apps/show.html',
  mimeType: 'text/html;profile=mcp-app',
  html: '<p>app</p>',
  size: 10,
  sha256: 'x',
  csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
  cspDropped: [],
  permissions: { camera: false, microphone: false, geolocation: false, clipboardWrite: false },
  prefersBorder: null,
  domain: null,
  visibility: ['model', 'app'],
  pinState: 'pinned',
  fetchedAt: new Date().toISOString(),
  ...over,
});

/** settings.get as main answers it: the configured model and the providers this process registered. */
export function settingsFixture(provider: string, providers: ModelProviderChoice[]): Settings {
  return {
    model: { provider, label: provider },
    providers,
    apiKey: { set: false, source: null, envVar: 'OPENAI_API_KEY', canStore: false, storage: 'environment' },
    maxSteps: 8,
    approvalTimeoutMs: 60_000,
    dataDir: '/d',
    configPath: '/d/switchboard.yaml',
  };
}
