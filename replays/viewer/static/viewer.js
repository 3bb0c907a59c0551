// The game page's time travel and the live pages: plain JavaScript over the viewer's JSON API, no build step.
"use strict";

function gamePage(root) {
  const slider = document.getElementById("slider");
  const api = (step, as) => root.dataset.api.replace(/\/0$/, "/" + step) + "?as=" + encodeURIComponent(as);
  let step = Number(root.dataset.step);
  let aimed = step; // the step last asked for: quick key presses count from it, not from the step shown
  let last = Number(root.dataset.last);
  let as = root.dataset.as;
  let loading = null;

  function showPerspective() {
    for (const link of root.querySelectorAll(".perspective a")) {
      link.classList.toggle("on", link.dataset.as === as);
      link.href = "?step=" + step + "&as=" + link.dataset.as;
    }
  }

  async function go(target, perspective, push = true) {
    target = Math.max(0, Math.min(last, target));
    aimed = target;
    const wanted = api(target, perspective);
    loading = wanted;
    const answer = await fetch(wanted);
    const body = await answer.json();
    if (loading !== wanted) return; // a later request has been made since
    if (!answer.ok) {
      aimed = step;
      document.getElementById("frame").textContent = body.error;
      return;
    }
    step = target;
    as = perspective;
    document.getElementById("frame").innerHTML = body.html;
    slider.value = String(step);
    document.getElementById("step-number").textContent = String(step);
    root.dataset.step = String(step);
    root.dataset.as = as;
    showPerspective();
    if (push) history.pushState({ step, as }, "", "?step=" + step + "&as=" + as);
  }

  function setLast(value) {
    last = value;
    slider.max = String(last);
    root.dataset.last = String(last);
    document.getElementById("last-number").textContent = String(last);
  }

  document.getElementById("first").onclick = () => go(0, as);
  document.getElementById("prev").onclick = () => go(aimed - 1, as);
  document.getElementById("next").onclick = () => go(aimed + 1, as);
  document.getElementById("last").onclick = () => go(last, as);
  slider.oninput = () => go(Number(slider.value), as);
  for (const link of root.querySelectorAll(".losses a")) {
    link.onclick = (event) => {
      event.preventDefault();
      go(Number(link.dataset.step), as);
    };
  }
  for (const link of root.querySelectorAll(".perspective a")) {
    link.onclick = (event) => {
      event.preventDefault();
      go(step, link.dataset.as);
    };
  }
  document.addEventListener("keydown", (event) => {
    if (event.target.matches("input, textarea, select") || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: aimed - 1, ArrowRight: aimed + 1, Home: 0, End: last };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key], as);
  });
  window.onpopstate = (event) => {
    if (event.state) go(event.state.step, event.state.as, false);
  };
  history.replaceState({ step, as }, "", "?step=" + step + "&as=" + as);

  if (root.dataset.finished === "no") {
    const indicator = document.getElementById("live");
    indicator.textContent = "● live";
    const stop = follow("game:" + root.dataset.game, "game:" + root.dataset.game, (message) => {
      if (message.type !== "news") return;
      const news = message.news;
      const following = step === last;
      setLast(news.last);
      if (following || news.finished) go(following ? news.last : step, as);
      if (news.finished) {
        stop();
        indicator.textContent = "game over";
        root.dataset.finished = "yes";
      }
    });
  }
}

function tournamentPage(root) {
  if (root.dataset.finished !== "no") return;
  document.getElementById("live").textContent = "● live";
  const id = "tournament:" + root.dataset.tournament;
  const stop = follow(id, id, async (message) => {
    if (message.type !== "news") return;
    const news = message.news;
    const page = await fetch(location.href);
    const fresh = new DOMParser().parseFromString(await page.text(), "text/html").getElementById("tournament");
    root.innerHTML = fresh.innerHTML;
    document.getElementById("live").textContent = news.finished ? "finished" : "● live";
    if (news.finished) stop();
  });
}

const game = document.getElementById("game");
if (game) gamePage(game);
const tournament = document.getElementById("tournament");
if (tournament) tournamentPage(tournament);
