import { emptyServerForm, type ServerFormState } from './server-form';

/** Complete form states for the server form's tests: an HTTP entry and a stdio one, each with what a test changes. */
export const httpForm = (patch: Partial<ServerFormState> = {}): ServerFormState => ({
  ...emptyServerForm('http'),
  name: 'crm',
  url: 'http://127.0.0.1:3001/mcp',
  ...patch,
});

export const stdioForm = (patch: Partial<ServerFormState> = {}): ServerFormState => ({
  ...emptyServerForm('stdio'),
  name: 'files',
  command: 'npx',
  ...patch,
});
