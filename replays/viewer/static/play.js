// The lobby and a seat's page: plain JavaScript over the viewer's play API (replays/viewer/play.py), no build step.
"use strict";

const REJOIN_KEY = "meeplog-seats"; // the seat links this browser's lobby handed out, newest first
const REJOIN_MOST = 20;

function lobbyPage(form) {
  const game = document.getElementById("game");
  const players = document.getElementById("players");
  const seats = document.getElementById("seats");

  function drawSeats() {
    const chosen = game.selectedOptions[0];
    players.min = chosen.dataset.min;
    players.max = chosen.dataset.max;
    const count = Math.max(Number(chosen.dataset.min), Math.min(Number(chosen.dataset.max), Number(players.value)));
    document.getElementById("problem").textContent = seatCountRefused() || "";
    while (seats.children.length < count) {
      const item = document.createElement("li");
      const input = document.createElement("input");
      input.className = "spec";
      input.setAttribute("list", "specs");
      input.value = seats.children.length === 0 ? "person" : "heuristic";
      input.setAttribute("aria-label", "seat " + seats.children.length);
      const name = document.createElement("input");
      name.className = "name";
      name.placeholder = "the person's name";
      name.setAttribute("aria-label", "seat " + seats.children.length + "'s name");
      input.addEventListener("input", () => { name.hidden = input.value.trim() !== "person"; });
      name.hidden = input.value !== "person";
      item.append(input, " ", name);
      seats.append(item);
    }
    while (seats.children.length > count) seats.lastElementChild.remove();
    document.getElementById("option-help").textContent = chosen.dataset.options;
  }

  function seatCountRefused() {
    // a count the game cannot seat is said, never clamped quietly
    const chosen = game.selectedOptions[0];
    const asked = Number(players.value);
    if (Number.isInteger(asked) && asked >= Number(chosen.dataset.min) && asked <= Number(chosen.dataset.max)) return null;
    return chosen.textContent.replace(/ \(.*/, "") + " seats " + chosen.dataset.min + " to " + chosen.dataset.max +
      " players, not " + players.value + ": choose a count in that range";
  }

  function optionsRefused(options) {
    // every line is name=value; a line without "=" is said, never dropped quietly
    for (const line of document.getElementById("options").value.split("\n")) {
      const at = line.indexOf("=");
      if (!line.trim()) continue;
      if (at <= 0) return 'the option line "' + line.trim() + '" has no name=value: write it as name=value';
      options[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
    return null;
  }

  function drawRejoin() {
    // the seats this browser started, kept so that whoever started a table can come back to it
    const kept = JSON.parse(localStorage.getItem(REJOIN_KEY) || "[]");
    const list = document.getElementById("rejoin");
    list.replaceChildren();
    for (const seat of kept) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = seat.link;
      link.textContent = seat.title + ", seat " + seat.seat + " (" + seat.player + ")";
      item.append(link, " ", seat.started);
      list.append(item);
    }
    document.getElementById("yours").hidden = kept.length === 0;
  }

  function keep(title, seats) {
    const kept = JSON.parse(localStorage.getItem(REJOIN_KEY) || "[]");
    const started = new Date().toLocaleString();
    const fresh = seats.filter((seat) => seat.link).map((seat) => ({ title, seat: seat.seat, player: seat.player, link: seat.link, started }));
    localStorage.setItem(REJOIN_KEY, JSON.stringify([...fresh, ...kept].slice(0, REJOIN_MOST)));
    drawRejoin();
  }

  game.addEventListener("change", () => {
    // another game: its own count of seats, the nearest it allows to the one shown
    const chosen = game.selectedOptions[0];
    players.value = String(Math.max(Number(chosen.dataset.min), Math.min(Number(chosen.dataset.max), Number(players.value))));
    drawSeats();
  });
  players.addEventListener("change", drawSeats);
  drawSeats();
  drawRejoin();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const options = {};
    const refused = seatCountRefused() || optionsRefused(options);
    if (refused) {
      document.getElementById("problem").textContent = refused;
      return;
    }
    const turn = document.getElementById("turn").value;
    const asked = {
      game: game.value,
      seats: [...seats.children].map((item) => {
        // a person seat carries its name: person:name=Ada
        const spec = item.querySelector("input.spec").value.trim();
        const name = item.querySelector("input.name").value.trim();
        return spec === "person" && name ? "person:name=" + name : spec;
      }),
      options,
      turn_seconds: turn ? Number(turn) : null,
      pace_seconds: Number(document.getElementById("pace").value || 0),
    };
    const problem = document.getElementById("problem");
    let answer, body;
    try {
      answer = await fetch(form.dataset.api, { method: "POST", body: JSON.stringify(asked) });
      body = await answer.json().catch(() => ({ error: "the server answered " + answer.status }));
    } catch {
      problem.textContent = "the server is not answering: press Start again in a moment";
      return;
    }
    problem.textContent = answer.ok ? "" : body.error;
    if (!answer.ok) return;
    keep(game.selectedOptions[0].textContent.replace(/ \(.*/, ""), body.seats);
    const links = document.getElementById("links");
    links.replaceChildren();
    for (const seat of body.seats) {
      const item = document.createElement("li");
      item.textContent = "seat " + seat.seat + ": " + seat.player + " ";
      if (seat.link) {
        const link = document.createElement("a");
        link.href = seat.link;
        link.className = "seat-link";
        link.dataset.seat = String(seat.seat);
        link.textContent = seat.link;
        item.append(link);
      }
      links.append(item);
    }
    const debug = document.getElementById("debugger-link");
    debug.href = body.debugger;
    debug.textContent = "game " + body.game_id;
    document.getElementById("started").hidden = false;
  });
}

function seatPage(root) {
  let sheet = null;
  let deadline = null;
  const problem = document.getElementById("problem");

  const RETRY_MS = 1000; // how often a move is sent again while the server does not answer
  const RETRIES = 120;
  const UNREACHABLE = "the server is not answering: trying again every second…";

  function enable(on) {
    for (const button of document.querySelectorAll("#commands button")) button.disabled = !on;
  }

  async function play(index) {
    // a move the server did not hear (it restarts, the network dropped) is sent again until it answers; the
    // version it carries makes a second copy harmless
    const version = sheet.version;
    const sent = { token: root.dataset.token, version, command: sheet.commands[index].command };
    problem.textContent = "";
    enable(false);
    for (let attempt = 1; ; attempt++) {
      let refused;
      try {
        const answer = await fetch(root.dataset.command, { method: "POST", body: JSON.stringify(sent) });
        problem.textContent = "";
        if (answer.ok) return;
        refused = (await answer.json().catch(() => ({}))).error || "the server answered " + answer.status;
      } catch {
        if (sheet.version !== version) return; // the table moved on: the page shows its new sheet
        if (attempt < RETRIES) {
          problem.textContent = UNREACHABLE + " (your move, attempt " + attempt + ")";
          await new Promise((wait) => setTimeout(wait, RETRY_MS));
          continue;
        }
        refused = "the server is not answering; your move was not sent: choose again when it is back";
      }
      problem.textContent = refused;
      enable(true);
      return;
    }
  }

  function lost(down) {
    // the stream dropped: say so and hold the buttons until the server answers again
    if (down) problem.textContent = UNREACHABLE;
    else if (problem.textContent === UNREACHABLE) problem.textContent = "";
    enable(!down && sheet !== null && sheet.yours);
  }

  function pick(key) {
    // a board target: play the one command it names, or show the commands it could mean
    const meant = sheet.commands.map((command, index) => [command, index]).filter(([command]) => command.target === key);
    for (const button of document.querySelectorAll("#commands button")) button.classList.remove("picked");
    if (meant.length === 1) return play(meant[0][1]);
    for (const [, index] of meant) document.querySelector('#commands button[data-index="' + index + '"]').classList.add("picked");
  }

  function zones() {
    // the board's zones by their label, as drawn now
    const drawn = new Map();
    for (const zone of document.querySelectorAll("#board .zone")) {
      const label = zone.querySelector(".label");
      drawn.set(label ? label.textContent : "", zone.innerHTML);
    }
    return drawn;
  }

  function show(next) {
    const before = sheet;
    const drawnBefore = zones();
    sheet = next;
    root.dataset.version = String(sheet.version);
    const status = document.getElementById("status");
    status.textContent = sheet.status;
    status.classList.toggle("yours", sheet.yours);
    document.getElementById("board").innerHTML = sheet.board;
    if (before) {
      // the last move, marked: the zones it changed, and its lines in the feed
      for (const zone of document.querySelectorAll("#board .zone")) {
        const label = zone.querySelector(".label");
        if (drawnBefore.get(label ? label.textContent : "") !== zone.innerHTML) zone.classList.add("changed");
      }
    }
    const list = document.getElementById("commands");
    list.replaceChildren();
    sheet.commands.forEach((command, index) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.className = "command";
      button.dataset.index = String(index);
      button.textContent = command.text;
      button.addEventListener("click", () => play(index));
      item.append(button);
      list.append(item);
    });
    const keys = new Set(sheet.commands.map((command) => command.target).filter(Boolean));
    for (const element of document.querySelectorAll("#board [data-target]")) {
      if (!keys.has(element.dataset.target)) continue;
      element.classList.add("target");
      element.addEventListener("click", () => pick(element.dataset.target));
    }
    const feed = document.getElementById("feed");
    feed.replaceChildren();
    let fresh = before ? freshLines(before.feed, sheet.feed) : 0;
    for (const text of [...sheet.feed].reverse()) {
      const item = document.createElement("li");
      item.className = fresh-- > 0 ? "line new" : "line";
      item.textContent = text;
      feed.append(item);
    }
    if (sheet.result) showResult(sheet.result);
    deadline = sheet.yours && sheet.turn_seconds ? Date.now() + sheet.turn_seconds * 1000 : null;
  }

  function showResult(result) {
    // the end: who won, every seat's score and rank, how ties were broken, and the way to the replay
    const who = (seat) => "seat " + seat + " (" + (seat === sheet.seat ? "you" : sheet.seats[seat]) + ")";
    const winners = result.ranks.map((rank, seat) => [rank, seat]).filter(([rank]) => rank === 1).map(([, seat]) => who(seat));
    document.getElementById("winner").textContent =
      winners.length === 1 ? winners[0] + " wins" : winners.join(" and ") + " share the win";
    const rows = document.querySelector("#result tbody");
    rows.replaceChildren();
    const order = result.ranks.map((rank, seat) => [rank, seat]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (const [rank, seat] of order) {
      const row = document.createElement("tr");
      row.className = rank === 1 ? "winner" : "";
      const categories = result.categories ? Object.entries(result.categories[seat]).map(([name, points]) => name + " " + points).join(", ") : "";
      for (const text of [rank, seat, seat === sheet.seat ? sheet.seats[seat] + " (you)" : sheet.seats[seat], result.scores[seat], categories]) {
        const cell = document.createElement("td");
        cell.textContent = String(text);
        row.append(cell);
      }
      rows.append(row);
    }
    document.getElementById("tie-break").textContent = result.tie_break ? "Ties: " + result.tie_break + "." : "";
    document.getElementById("replay").href = root.dataset.replay;
    document.getElementById("result").hidden = false;
  }

  document.addEventListener("keydown", (event) => {
    // keys 1-9 play the list's commands, as boardgame.io's debug panel has a key for each move
    if (!sheet || !sheet.yours || event.ctrlKey || event.metaKey || event.altKey) return;
    const index = Number(event.key) - 1;
    const button = document.querySelector('#commands button[data-index="' + index + '"]');
    if (event.key >= "1" && event.key <= "9" && button && !button.disabled) play(index);
  });
  setInterval(() => {
    document.getElementById("timer").textContent =
      deadline === null ? "" : Math.max(0, Math.ceil((deadline - Date.now()) / 1000)) + " s left";
  }, 250);
  const live = document.getElementById("live");
  follow(root.dataset.game + "/" + root.dataset.seat, root.dataset.game + "/" + root.dataset.seat + "/" + root.dataset.token, (message) => {
    if (sheet && sheet.over) return;
    if (message.type === "open") {
      live.textContent = "● live";
      lost(false);
    }
    if (message.type === "error") {
      live.textContent = "reconnecting…";
      lost(true);
    }
    if (message.type !== "sheet") return;
    if (sheet && message.sheet.version === sheet.version && message.sheet.over === sheet.over) return;
    show(message.sheet);
    if (sheet.over) live.textContent = "game over";
  });
}

function freshLines(before, after) {
  // how many lines at the end of `after` are new: those past the longest end of `before` it begins with
  for (let start = Math.max(0, before.length - after.length); start < before.length; start++) {
    const kept = before.slice(start);
    if (kept.every((text, index) => after[index] === text)) return after.length - kept.length;
  }
  return after.length;
}

const lobbyForm = document.getElementById("lobby");
if (lobbyForm) lobbyPage(lobbyForm);
const seatRoot = document.getElementById("seat");
if (seatRoot) seatPage(seatRoot);
