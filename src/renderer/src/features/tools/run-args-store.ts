import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The demo shop's customer: the default until the operator acts as someone else. */
export const DEFAULT_RUN_CUSTOMER = 'u1001';

interface RunArgsState {
  /** The last arguments run (or typed) per `server/toolId`, kept across reloads. */
  argsByTool: Record<string, Record<string, unknown>>;
  customerId: string;
  setArgs: (key: string, args: Record<string, unknown>) => void;
  setCustomer: (customerId: string) => void;
}

export const runKey = (server: string, toolId: string) => `${server}/${toolId}`;

/** UI state of Tools > Run: what the operator typed last, per tool (not data from main). */
export const useRunArgsStore = create<RunArgsState>()(
  persist(
    (set) => ({
      argsByTool: {},
      customerId: DEFAULT_RUN_CUSTOMER,
      setArgs: (key, args) => set((state) => ({ argsByTool: { ...state.argsByTool, [key]: args } })),
      setCustomer: (customerId) => set({ customerId }),
    }),
    { name: 'switchboard.tools.run', storage: createJSONStorage(() => localStorage) },
  ),
);

/** The same run from a terminal (`switchboard tools call`), quoted for a POSIX shell. */
export function cliCommand(toolId: string, server: string, args: Record<string, unknown>, customerId: string): string {
  const quote = (text: string) => (/^[A-Za-z0-9_./:@-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);
  return [
    'npx switchboard tools call',
    quote(toolId),
    '--server',
    quote(server),
    '--args',
    quote(JSON.stringify(args)),
    '--customer',
    quote(customerId),
  ].join(' ');
}
