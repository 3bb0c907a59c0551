// A Meeplog agent in JavaScript (node 18 or later, no packages): the first legal command at every turn.
// Usage: node agent.mjs http://127.0.0.1:8000 TOKEN        (the protocol: docs/agents.md)
const [server, token] = process.argv.slice(2);
const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };

async function take(event) {
  if (event.type === "turn") {
    const legal = event.observation.legal;
    const command = legal[Math.floor(Math.random() * legal.length)];
    await fetch(`${server}/api/agent/games/${event.game_id}/commands`, {
      method: "POST", headers, body: JSON.stringify({ version: event.version, command }),
    });
  } else if (event.type === "over") {
    console.log(`${event.game_id} seat ${event.seat} ranks ${JSON.stringify(event.ranks)}`);
  }
}

async function follow() {
  const answer = await fetch(`${server}/api/agent/stream`, { headers });
  if (answer.status === 401) {
    console.error("the server refused the token");
    process.exit(1);
  }
  const decoder = new TextDecoder();
  let buffered = "";
  for await (const chunk of answer.body) {
    buffered += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, end).trim();
      buffered = buffered.slice(end + 1);
      if (line) await take(JSON.parse(line));
    }
  }
}

while (true) {
  try {
    await follow();
  } catch (error) {
    console.error(`lost the server (${error.message}); connecting again`);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
