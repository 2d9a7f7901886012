import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface RunArgsState {
  /** The last arguments run (or typed) per `server/toolId`, kept across reloads. */
  argsByTool: Record<string, Record<string, unknown>>;
  /** Who the operator last acted as; unset until they name someone (the form shows the application's default). */
  actingIdentity?: string;
  setArgs: (key: string, args: Record<string, unknown>) => void;
  setActingIdentity: (actingIdentity: string) => void;
}

export const runKey = (server: string, toolId: string) => `${server}/${toolId}`;

/** UI state of Tools > Run: what the operator typed last, per tool (not data from main). */
export const useRunArgsStore = create<RunArgsState>()(
  persist(
    (set) => ({
      argsByTool: {},
      setArgs: (key, args) => set((state) => ({ argsByTool: { ...state.argsByTool, [key]: args } })),
      setActingIdentity: (actingIdentity) => set({ actingIdentity }),
    }),
    {
      name: 'switchboard.tools.run',
      storage: createJSONStorage(() => localStorage),
      version: 1,
      // Version 0 kept the acting identity as `customerId`.
      migrate: (persisted) => {
        const { customerId, ...rest } = (persisted ?? {}) as Partial<RunArgsState> & { customerId?: string };
        return { ...rest, ...(customerId && { actingIdentity: customerId }) } as RunArgsState;
      },
    },
  ),
);

/** The same run from a terminal (`switchboard tools call`), quoted for a POSIX shell. */
export function cliCommand(
  toolId: string,
  server: string,
  args: Record<string, unknown>,
  actingIdentity: string,
): string {
  const quote = (text: string) => (/^[A-Za-z0-9_./:@-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);
  return [
    'npx switchboard tools call',
    quote(toolId),
    '--server',
    quote(server),
    '--args',
    quote(JSON.stringify(args)),
    '--customer',
    quote(actingIdentity),
  ].join(' ');
}
