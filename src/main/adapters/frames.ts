/** The channels the Electron adapter uses: one for requests, one for pushed events. */
export const IPC_REQUEST_CHANNEL = 'switchboard:request';
export const IPC_EVENT_CHANNEL = 'switchboard:event';
