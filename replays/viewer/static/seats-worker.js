// One event stream for all of a browser's seat pages (replays/viewer/streams.py says why): this SharedWorker holds
// it, follows every seat a page joined with, and hands each page its seat's sheets and the stream's state.
"use strict";

const seats = new Map(); // "GAME/SEAT" -> {token, ports: Set, last: the latest sheet}
let stream = null;
let events = null; // the stream's path, as the pages give it
let opened = false;
let reopening = null;

function tell(message) {
  for (const seat of seats.values()) for (const port of seat.ports) port.postMessage(message);
}

function reopen() {
  // a new page's seat joins the stream: open it again with every seat (a few joins in a row open it once)
  clearTimeout(reopening);
  reopening = setTimeout(open, 50);
}

function open() {
  if (stream) stream.close();
  opened = false;
  if (seats.size === 0) return;
  const query = [...seats].map(([key, seat]) => "follow=" + encodeURIComponent(key + "/" + seat.token)).join("&");
  const current = new EventSource(events + "?" + query);
  stream = current;
  current.onopen = () => { opened = true; tell({ type: "open" }); };
  current.onmessage = (message) => {
    const { seat, sheet } = JSON.parse(message.data);
    const followed = seats.get(seat);
    if (!followed) return;
    followed.last = sheet;
    for (const port of followed.ports) port.postMessage({ type: "sheet", sheet });
  };
  current.onerror = () => {
    // EventSource reconnects by itself after a dropped stream; one the server refused while it restarted is closed
    opened = false;
    tell({ type: "error" });
    if (current.readyState === EventSource.CLOSED && stream === current) setTimeout(() => { if (stream === current) open(); }, 1000);
  };
}

function leave(port) {
  for (const [key, seat] of seats) {
    seat.ports.delete(port);
    if (seat.ports.size === 0) seats.delete(key);
  }
}

onconnect = (connected) => {
  const port = connected.ports[0];
  port.onmessage = ({ data }) => {
    if (data.type === "leave") return leave(port);
    events = data.events;
    let seat = seats.get(data.key);
    if (!seat) {
      seat = { token: data.token, ports: new Set(), last: null };
      seats.set(data.key, seat);
      reopen();
    }
    seat.ports.add(port);
    if (opened) port.postMessage({ type: "open" });
    if (seat.last) port.postMessage({ type: "sheet", sheet: seat.last });
  };
};
