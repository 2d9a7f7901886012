/** Test helpers for providers and the agent loop (scripted model endpoints). Never imported by app code. */
export * from './scripted-http-server';
export * from './openai-script';
export * from './anthropic-script';
export * from './fake-shop';
