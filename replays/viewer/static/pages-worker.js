// One event stream for all of a browser's Meeplog pages (replays/viewer/streams.py says why): this SharedWorker
// holds it, follows everything a page joined with (a seat, a game in the debugger, a tournament), and hands each
// page what it follows and the stream's state.
"use strict";

const followed = new Map(); // "GAME/SEAT", "game:GAME" or "tournament:ID" -> {follow, ports: Set, last: the latest message}
let stream = null;
let events = null; // the stream's path, as the pages give it
let opened = false;
let reopening = null;

function tell(message) {
  for (const one of followed.values()) for (const port of one.ports) port.postMessage(message);
}

function reopen() {
  // a new page's follow joins the stream: open it again with every one (a few joins in a row open it once)
  clearTimeout(reopening);
  reopening = setTimeout(open, 50);
}

function open() {
  if (stream) stream.close();
  stream = null;
  opened = false;
  if (followed.size === 0) return;
  const query = [...followed.values()].map((one) => "follow=" + encodeURIComponent(one.follow)).join("&");
  const current = new EventSource(events + "?" + query);
  stream = current;
  current.onopen = () => { opened = true; tell({ type: "open" }); };
  current.onmessage = (message) => {
    const data = JSON.parse(message.data);
    const key = data.seat !== undefined ? data.seat : data.game !== undefined ? "game:" + data.game : "tournament:" + data.tournament;
    const one = followed.get(key);
    if (!one) return;
    one.last = data.sheet !== undefined ? { type: "sheet", sheet: data.sheet } : { type: "news", news: data.news };
    for (const port of one.ports) port.postMessage(one.last);
  };
  current.onerror = () => {
    // EventSource reconnects by itself after a dropped stream; one the server refused while it restarted is closed
    opened = false;
    tell({ type: "error" });
    if (current.readyState === EventSource.CLOSED && stream === current) setTimeout(() => { if (stream === current) open(); }, 1000);
  };
}

function leave(port) {
  let changed = false;
  for (const [key, one] of followed) {
    one.ports.delete(port);
    if (one.ports.size === 0) {
      followed.delete(key);
      changed = true;
    }
  }
  if (changed) reopen();
}

onconnect = (connected) => {
  const port = connected.ports[0];
  port.onmessage = ({ data }) => {
    if (data.type === "leave") return leave(port);
    events = data.events;
    let one = followed.get(data.key);
    if (!one) {
      one = { follow: data.follow, ports: new Set(), last: null };
      followed.set(data.key, one);
      reopen();
    }
    one.ports.add(port);
    if (opened) port.postMessage({ type: "open" });
    if (one.last) port.postMessage(one.last);
  };
};
