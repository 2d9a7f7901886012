// A stand-in for a browser in tests, used as $BROWSER: "visits" the URL given as the last argument and
// follows its redirects (the authorization page redirects to the client's loopback listener).
const url = process.argv.at(-1);
const response = await fetch(url, { redirect: 'follow' });
await response.body?.cancel();
process.exit(response.ok ? 0 : 1);
