import { afterEach, describe, expect, it } from 'vitest';

const RealFunction = globalThis.Function;
afterEach(() => {
  globalThis.Function = RealFunction;
});

describe('zod in the main process', () => {
  // First in this file: nothing has imported zod-jitless yet.
  it('is set by loading the core, before its schemas are built', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBeFalsy();
    await import('./app');
    expect(z.config().jitless).toBe(true);
  });

  it('parses an object schema without generating code for it', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    const generated: string[] = [];
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args: string[]) {
        generated.push(String(args.at(-1)));
        return Reflect.construct(target, args) as object;
      },
    });
    const schema = z.object({ name: z.string(), count: z.number().int() });
    expect(schema.parse({ name: 'a', count: 1 })).toEqual({ name: 'a', count: 1 });
    expect(schema.safeParse({ name: 'a', count: 1.5 }).success).toBe(false);
    expect(generated).toEqual([]);
  });
});
