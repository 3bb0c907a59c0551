"""The report per player: how each played, read off the games' logs and summed over a tournament."""

from __future__ import annotations

import csv
import json
import subprocess
import time
from collections import Counter

import pytest

from meeplog.core.audit import CommandAccepted, CommandRejected, LlmExchange, PlayerFellBack
from meeplog.core.store import open_store
from meeplog.core.tournament.behaviour import cost, percentile, seat_reports
from meeplog.core.tournament.stored import tournament_ids
from meeplog.players.mock_llm import MockPolicy, serving
from tests.players_llm.helpers import bot, llm, play
from tests.tournament.plans import MEEPLOG, meeplog, recorded_so_far


def test_a_seats_report_counts_what_its_log_holds():
    with serving(MockPolicy(script=("unparsable", "legal", "500", "legal", "illegal", "legal", "empty"))) as server:
        # seed 2: the fifth request (the illegal answer) falls on a command with a number to spoil
        game = play("forest", [llm(server), bot(1), bot(2)], seed=2)
    report, other, _ = seat_reports(game.log, 3)
    mine = [r.event for r in game.log if getattr(r.event, "seat", None) == 0]
    exchanges = [e for e in mine if isinstance(e, LlmExchange)]
    decisions = [e for e in mine if isinstance(e, CommandAccepted | PlayerFellBack)]
    assert report.decisions == len(decisions) and report.fallbacks == 0
    assert report.first_legal == len(decisions) - 3  # the unparsable, the illegal and the empty answer's decisions
    assert report.rejected == sum(isinstance(e, CommandRejected) for e in mine) == 1  # the illegal one
    assert report.failures == dict(Counter(e.failure for e in exchanges if e.failure))
    assert report.failures == {"unparsable": 1, "http-500": 1, "illegal": 1, "empty": 1}
    assert report.retries == 1 and report.requests == len(exchanges)
    assert report.prompt_tokens == sum(e.prompt_tokens for e in exchanges) > 0
    assert report.latencies_ms == tuple(e.latency_ms for e in exchanges)
    assert other.requests == 0 and other.decisions > 0 and other.first_legal == other.decisions


def test_percentiles_are_nearest_rank_and_cost_needs_prices():
    assert percentile([], 0.5) is None
    assert percentile([10, 20, 30, 40], 0.5) == 20 and percentile([10, 20, 30, 40], 0.95) == 40
    assert percentile(list(range(1, 101)), 0.95) == 95
    assert cost("gpt=llm:model=m,input_price=2,output_price=8", 1_000_000, 500_000) == pytest.approx(6.0)
    assert cost("llm:model=m,output_price=8", 10, 1_000) == pytest.approx(0.008)
    assert cost("llm:model=m", 10, 10) is None


def test_the_report_is_printed_with_the_standings_shown_and_written(tmp_path):
    db, out = tmp_path / "t.db", tmp_path / "out"
    with serving(MockPolicy(malformed=0.2, seed=1)) as server:
        model = f"gpt=llm:base_url={server.url}/v1,model=mock,input_price=0.15,output_price=0.6"
        run = meeplog("tournament", "forest", "-p", model, "-p", "random", "-p", "random", "--games", "3",
                      "--workers", "1", "--db", str(db), "--out", str(out))
    assert run.returncode == 0, run.stderr
    [tournament] = [line.split()[1] for line in run.stdout.splitlines() if line.startswith("tournament ")]
    shown = meeplog("tournament", "show", tournament[:8], "--db", str(db))
    assert shown.returncode == 0, shown.stderr
    for text in (run.stdout, shown.stdout):
        assert "How each player played" in text and "latency p50/p95" in text
    [document] = [json.loads(path.read_text()) for path in out.glob("*.json")]
    players = {p["player"]: p["report"] for p in document["players"]}
    gpt = players["gpt"]
    assert gpt["decisions"] > 0 and 0 < gpt["legal_first"] < 1 and gpt["requests"] > 0
    assert gpt["requests_per_game"] == pytest.approx(gpt["requests"] / 3)  # fewer than decisions: whole turns
    assert gpt["cost"] == pytest.approx((gpt["prompt_tokens"] * 0.15 + gpt["completion_tokens"] * 0.6) / 1e6)
    assert gpt["latency_p50_ms"] <= gpt["latency_p95_ms"]
    assert players["random"]["requests"] == 0 and players["random"]["cost"] is None
    [rows] = [list(csv.DictReader(path.open())) for path in out.glob("*.csv")]
    [row] = [row for row in rows if row["player"] == "gpt"]
    assert int(row["decisions"]) == gpt["decisions"] and row["failures"].count("=") == len(gpt["failures"])


def test_show_prints_the_report_of_a_tournament_still_running(tmp_path):
    db = tmp_path / "t.db"
    with serving(MockPolicy(delay=0.05)) as server:
        model = f"gpt=llm:base_url={server.url}/v1,model=mock"
        run = subprocess.Popen([MEEPLOG, "tournament", "forest", "-p", model, "-p", "random", "-p", "random",
                                "--games", "12", "--workers", "1", "--concurrency", "2", "--db", str(db),
                                "--out", str(tmp_path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 120
            while recorded_so_far(db) < 2 and time.monotonic() < deadline:
                time.sleep(0.1)
            [tournament] = tournament_ids(open_store(str(db)))
            shown = meeplog("tournament", "show", str(tournament)[:8], "--db", str(db))
        finally:
            run.kill()
            run.wait()
    assert shown.returncode == 0, shown.stderr
    assert "games recorded so far" in shown.stdout and "How each player played" in shown.stdout
