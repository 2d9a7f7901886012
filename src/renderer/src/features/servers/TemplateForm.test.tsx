import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { TemplateForm } from './TemplateForm';

afterEach(cleanup);

const template = { uriTemplate: 'demo://resource/{kind}/{id}', name: 'dynamic' };

describe('TemplateForm', () => {
  it('fills a template’s variables with the server’s suggestions, shows the URI they make, and reads it', async () => {
    const rpc = createFakeRpc({
      'prompts.complete': ({ argument }) => ({
        values: argument.name === 'kind' ? ['text', 'blob'].filter((v) => v.startsWith(argument.value)) : [],
        total: null,
        hasMore: false,
      }),
      'resources.read': ({ uri }) => ({
        uri,
        contents: [{ uri, mimeType: 'text/plain', text: `contents of ${uri}`, bytes: 10 }],
      }),
    });
    renderWithRpc(
      <TemplateForm server="demo" template={template} completions onEditByHand={() => undefined} />,
      rpc.client,
    );
    const form = screen.getByTestId('template-form');
    const read = within(form).getByRole('button', { name: 'Read' }) as HTMLButtonElement;
    expect(read.disabled).toBe(true);
    expect(read.title).toBe('Needs kind, id');
    expect(within(form).getByTestId('template-uri').textContent).toBe('demo://resource//');

    fireEvent.change(within(form).getByLabelText('kind'), { target: { value: 't' } });
    fireEvent.click(await within(form).findByRole('button', { name: 'text' }));
    expect((within(form).getByLabelText('kind') as HTMLInputElement).value).toBe('text');
    fireEvent.change(within(form).getByLabelText('id'), { target: { value: 'a/b c' } });
    expect(within(form).getByTestId('template-uri').textContent).toBe('demo://resource/text/a%2Fb%20c');
    expect(read.disabled).toBe(false);
    expect(read.title).toBe('');
    // Each variable's completion names the template, and gives the other variables as context.
    expect(rpc.callsTo('prompts.complete')).toContainEqual({
      server: 'demo',
      ref: { type: 'resourceTemplate', uriTemplate: template.uriTemplate },
      argument: { name: 'id', value: 'a/b c' },
      context: { kind: 'text' },
    });

    fireEvent.click(read);
    await waitFor(() =>
      expect(within(form).getByTestId('resource-contents').textContent).toContain(
        'contents of demo://resource/text/a%2Fb%20c',
      ),
    );
    expect(rpc.callsTo('resources.read')).toEqual([{ server: 'demo', uri: 'demo://resource/text/a%2Fb%20c' }]);
  });

  it('asks no suggestions of a server without completions, and offers hand editing for a template it cannot parse', async () => {
    const rpc = createFakeRpc({});
    const edited: string[] = [];
    renderWithRpc(
      <TemplateForm
        server="demo"
        template={{ uriTemplate: 'demo://{broken', name: 'broken' }}
        completions={false}
        onEditByHand={(t) => edited.push(t)}
      />,
      rpc.client,
    );
    expect(screen.getByTestId('template-form').textContent).toMatch(/cannot be filled in: .*unclosed/i);
    fireEvent.click(screen.getByRole('button', { name: 'Edit the URI by hand' }));
    expect(edited).toEqual(['demo://{broken']);
    cleanup();
    renderWithRpc(
      <TemplateForm server="demo" template={template} completions={false} onEditByHand={() => undefined} />,
      rpc.client,
    );
    fireEvent.change(screen.getByLabelText('kind'), { target: { value: 't' } });
    expect(rpc.callsTo('prompts.complete')).toEqual([]);
  });
});
