/** Public surface of the model-provider layer (test helpers live in ./testing). */
export * from './types';
export { createModelProvider } from './create-provider';
export { createOpenAiCompatibleProvider } from './openai-compatible';
export { createAnthropicProvider } from './anthropic';
export { createDemoProvider, DEMO_LABEL } from './demo/demo-provider';
export { collectEvents } from './collect-events';
