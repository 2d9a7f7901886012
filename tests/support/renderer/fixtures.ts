import type { ApprovalRequest, Conversation } from '../../../src/shared/contract';

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
  customerId: 'u1001',
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
