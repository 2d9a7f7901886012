import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TelemetryView } from '../../../../shared/contract';
import { say } from '../../../../shared/messages';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { TelemetrySettings } from './TelemetrySettings';

afterEach(cleanup);

const view: TelemetryView = {
  saved: { endpoint: 'http://localhost:4318', traceUrlTemplate: 'http://localhost:16686/trace/{traceId}' },
  enabled: true,
  endpoint: 'http://localhost:4318',
  endpointSource: 'settings',
  protocol: 'http/protobuf',
  serviceName: 'switchboard',
  sampler: 'parentbased_always_on',
  captureContent: false,
  disabled: false,
  headerNames: ['authorization'],
  headersStored: true,
  canStoreHeaders: true,
  fromEnv: ['OTEL_SERVICE_NAME'],
  lastExport: null,
  problems: [
    {
      message: say('telemetry.exportFailed', {
        signal: 'traces',
        endpoint: 'http://localhost:4318/v1/traces',
        detail: 'HTTP 500',
      }),
      at: '2026-01-01T00:00:00Z',
    },
  ],
};

describe('Telemetry settings', () => {
  it('shows what is in effect, header names only, the problems told; a field the environment sets is locked', async () => {
    renderWithRpc(<TelemetrySettings />, createFakeRpc({ 'telemetry.get': () => view }).client);
    expect((await screen.findByTestId('telemetry-state')).textContent).toContain(
      'http://localhost:4318 (http/protobuf)',
    );
    expect(screen.getByTestId('telemetry-header-names').textContent).toContain('authorization');
    expect(screen.getByTestId('telemetry-problems').textContent).toContain('HTTP 500');
    expect((screen.getByLabelText(/^Service name/) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('OTLP endpoint') as HTMLInputElement).disabled).toBe(false);
  });

  it('saves the edited fields, and "Send a test span" shows the trace with its link', async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const rpc = createFakeRpc({
      'telemetry.get': () => view,
      'telemetry.save': () => view,
      'telemetry.sendTestSpan': () => ({ ok: true, traceId }),
    });
    renderWithRpc(<TelemetrySettings />, rpc.client);
    fireEvent.change(await screen.findByLabelText('OTLP endpoint'), { target: { value: 'http://127.0.0.1:4318' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save telemetry settings' }));
    await waitFor(() =>
      expect(rpc.callsTo('telemetry.save')).toEqual([{ ...view.saved, endpoint: 'http://127.0.0.1:4318' }]),
    );
    fireEvent.click(screen.getByTestId('telemetry-test-span'));
    const result = await screen.findByTestId('telemetry-test-result');
    expect(result.textContent).toContain(traceId);
    expect(screen.getByRole('link', { name: 'Open the trace' }).getAttribute('href')).toBe(
      `http://localhost:16686/trace/${traceId}`,
    );
  });
});

describe('Telemetry settings: one refetch per save', () => {
  it('config.changed refetches the view; the save shows its answer (the applied view) and fetches nothing more', async () => {
    let current = view;
    const applied: TelemetryView = {
      ...view,
      saved: { ...view.saved, endpoint: 'http://127.0.0.1:4318' },
      endpoint: 'http://127.0.0.1:4318',
    };
    const rpc = createFakeRpc({
      'telemetry.get': () => current,
      'telemetry.save': () => {
        rpc.emit('config.changed', { revision: 2, source: 'app' }); // as main: the section was written
        current = applied;
        return applied;
      },
    });
    renderWithRpc(<TelemetrySettings />, rpc.client);
    fireEvent.change(await screen.findByLabelText('OTLP endpoint'), { target: { value: 'http://127.0.0.1:4318' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save telemetry settings' }));
    await waitFor(() => expect(screen.getByTestId('telemetry-state').textContent).toContain('http://127.0.0.1:4318'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rpc.callsTo('telemetry.get')).toHaveLength(2);
  });
});
