// Every Meeplog page that follows something live (a seat, a game in the debugger, a tournament) shares one event
// stream per browser, held by a SharedWorker (static/pages-worker.js; replays/viewer/streams.py says why); where
// there is no SharedWorker the page opens the same stream for itself. `heard` gets {type: "open"}, {type: "error"},
// {type: "sheet", sheet} or {type: "news", news}; the function returned stops following.
"use strict";

const followed = document.currentScript.dataset;

function follow(key, spec, heard) {
  if (typeof SharedWorker === "function") {
    const worker = new SharedWorker(followed.worker, { name: "meeplog-pages" });
    const leave = () => worker.port.postMessage({ type: "leave" });
    worker.port.onmessage = ({ data }) => heard(data);
    worker.port.postMessage({ type: "join", key, follow: spec, events: followed.events });
    addEventListener("pagehide", leave);
    return leave;
  }
  let stream = null;
  let stopped = false;
  function open() {
    stream = new EventSource(followed.events + "?follow=" + encodeURIComponent(spec));
    stream.onopen = () => heard({ type: "open" });
    stream.onmessage = (message) => {
      const data = JSON.parse(message.data);
      heard(data.sheet !== undefined ? { type: "sheet", sheet: data.sheet } : { type: "news", news: data.news });
    };
    stream.onerror = () => {
      heard({ type: "error" });
      if (stream.readyState === EventSource.CLOSED && !stopped) setTimeout(open, 1000);
    };
  }
  open();
  return () => { stopped = true; stream.close(); };
}
