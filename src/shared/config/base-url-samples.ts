/**
 * Test cases for `isHttpUrl`, one list for its three users' tests (the config schema, settings.saveModel and the model
 * form must agree on each): full http(s) URLs, and what an operator might paste that is not one.
 */
export const BASE_URL_SAMPLES: readonly string[] = [
  'http://localhost:11434/v1',
  'https://api.example.com/v1',
  'HTTP://X.COM',
  'http://[::1]:8080',
  'ftp://models.example/v1',
  'file:///tmp/x',
  'localhost:11434/v1',
  'mailto:a@b',
  'https://',
  'not a url',
];
