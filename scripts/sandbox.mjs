#!/usr/bin/env node
// `npm run sandbox -- usdt <user email or id> <amount>`: the sandbox USDT network receives a transfer to that user's
// deposit address, on the running development server (SANDBOX_URL, default http://127.0.0.1:$PORT or :3000: where the
// server listens outside production, and a loopback peer, the only one its development routes answer). The deposit appears `created` and settles by the server's usdt_confirm job (20 confirmations, a block every 3 s).
// Amounts ending in .66 are dropped by the network (docs/money.md "Providers").
const [command, user, amount] = process.argv.slice(2);
const base = process.env.SANDBOX_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

function usage(message) {
  if (message) console.error(message);
  console.error('usage: npm run sandbox -- usdt <user email or id> <amount in dollars, e.g. 25.00>');
  process.exit(2);
}

if (command !== 'usdt') usage(command ? `unknown sandbox command: ${command}` : undefined);
if (!user || !amount) usage();
if (!/^(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$/.test(amount)) usage(`not an amount: ${amount}`);

let response;
try {
  response = await fetch(`${base}/api/dev/sandbox/usdt-transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, amount }),
  });
} catch (error) {
  console.error(`Could not reach the server at ${base} (${error.cause?.code ?? error.message}). Is \`npm run dev\` or \`npm start\` running?`);
  process.exit(1);
}
const body = await response.json().catch(() => ({}));
if (!response.ok) {
  console.error(`${response.status} ${body.code ?? ''}: ${body.detail ?? 'refused'}`);
  if (response.status === 404 && !body.code) console.error('The dev endpoints exist only outside production.');
  process.exit(1);
}
const d = body.deposit;
console.log(`USDT ${d.amount} sent to ${body.address}`);
console.log(`transaction ${body.txHash}`);
console.log(`deposit ${d.id}: ${d.status} (settles after ${d.usdt.required_confirmations} confirmations)`);
