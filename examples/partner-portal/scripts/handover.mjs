// The partner's server-side step: exchange the integration secret for a
// one-time sign-in token (valid 60 s) and print the portal address to open.
// The secret never reaches a browser.
//
//   node examples/partner-portal/scripts/handover.mjs [loginName] [schoolId]
//
// Environment: EXAMKIT_API (default http://127.0.0.1:8080), PORTAL_URL
// (default http://127.0.0.1:5174), EXAMKIT_CLIENT_ID / EXAMKIT_CLIENT_SECRET
// (default the demo integration demo-portal / demo-portal-secret).
const api = process.env.EXAMKIT_API ?? 'http://127.0.0.1:8080';
const portal = process.env.PORTAL_URL ?? 'http://127.0.0.1:5174';
const [loginName = 'director', schoolId = '1'] = process.argv.slice(2);

const res = await fetch(`${api}/marking-login/login/handover`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    clientId: process.env.EXAMKIT_CLIENT_ID ?? 'demo-portal',
    clientSecret: process.env.EXAMKIT_CLIENT_SECRET ?? 'demo-portal-secret',
    loginName,
    schoolId: Number(schoolId),
  }),
});
const reply = await res.json();
if (reply.code !== 200) {
  console.error(`hand-over failed: ${reply.code} ${reply.message}`);
  process.exit(1);
}
const url = new URL(portal);
url.searchParams.set('api', api);
url.searchParams.set('token', reply.data.token);
console.log(url.toString());
