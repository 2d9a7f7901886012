/**
 * The demo shop's first-run config, handed to createCore by the entry points (`defaultConfigText`): the embedded
 * shop server, its system prompt, an intent tree that shows every catalog state, and the demo model.
 */
export function demoShopConfigText(): string {
  return `# Switchboard configuration. Edit here or in the console; changes apply from the next turn.
agent:
  model:
    provider: demo            # demo | openai-compatible | anthropic
  maxSteps: 8
  approvalTimeoutMs: 300000
  # What the model is told first: the demo shop's rules (a real model needs them; the demo model plans without them).
  systemPrompt: |
    你是「比特严选」的客服助手。You are the customer-service agent of the shop 比特严选 (Bit Select).
    - Use the tools you are given; never invent orders, tracking numbers or policies.
    - To answer where a parcel is: query the customer's orders first (query_order), ask which order when several match,
      then query logistics (query_logistics) with the tracking number taken from the order result, never from the user's words.
    - Write actions (cancel, change address, refund) need the operator's approval; if a call is rejected, say so plainly.
    - For policy questions (shipping, returns, refunds, warranty) search the knowledge base and cite the source.
    - Reply in the customer's language.
  mcp:
    servers:
      - name: shop
        builtin: shop         # the embedded 比特严选 demo server, started on a free loopback port
intents:
  - id: shop
    name: 比特严选
    children:
      - id: order-query
        name: 订单查询
        kind: mcp
        toolId: query_order
        confirm: auto
        examples: ["我的快递到哪了", "上周买的AirPods Pro还没收到"]
      - id: logistics-query
        name: 物流查询
        kind: mcp
        toolId: query_logistics
        confirm: auto
        examples: ["帮我查一下订单 BS1001003 的物流"]
      - id: order-cancel
        name: 取消订单
        kind: mcp
        toolId: cancel_order
        confirm: auto
        examples: ["帮我取消键盘的订单"]
      - id: address-update
        name: 修改收货地址
        kind: mcp
        toolId: update_shipping_address
        confirm: auto
        examples: ["把键盘订单的收货地址改成北京市朝阳区建国路88号现代城5号楼1201室，张明，13800001001"]
      - id: refund-apply
        name: 申请退款
        kind: mcp
        toolId: apply_refund
        confirm: auto
        examples: ["充电器收到就坏了，我要退款"]
      - id: invoice-query
        name: 发票查询
        kind: mcp
        toolId: query_invoice   # not offered by the shop server: shows as unavailable
        confirm: auto           # (and has no examples: no utterance can reach a tool nobody offers)
  - id: policies
    name: 购物政策
    children:
      - id: policy-search
        name: 政策知识库
        kind: knowledge
        examples: ["退货要多久", "保修几年"]
skills:
  - name: after-sales
    description: 售后处理手册
    server: shop              # the manual is the skill the shop publishes (its SKILL.md), verified and pinned
    unlocks: [apply_refund]
`;
}
