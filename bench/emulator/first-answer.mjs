// Child of the emulator bench: time from process start to the first answer of a fresh emulator
// (import, create, one signed-less GET in lenient mode); with --baseline, to the same point without it.
const baseline = process.argv.includes("--baseline");
if (!baseline) {
  const { createEmulator } = await import("@xads/emulator");
  const emulator = await createEmulator({ auth: "lenient" });
  const answer = await emulator.fetch("https://ads-api.x.com/12/accounts/18ce54d4x5t/campaigns/8wku2", {
    headers: { authorization: "OAuth bench" },
  });
  if (answer.status !== 200) throw new Error(`first answer ${answer.status}`);
} else {
  const answer = new Response(JSON.stringify({ data: {} }));
  await answer.text();
}
process.stdout.write(`${JSON.stringify({ ms: performance.now() })}\n`);
