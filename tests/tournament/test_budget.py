"""`--max-cost`: no game starts once the spend and the running games' expected cost would pass the cap, and no
request is sent that could pass it; the run stops with one line and status 3, and the same command with a higher cap
resumes it."""

from __future__ import annotations

import contextlib
import multiprocessing
import uuid

import pytest

from meeplog.core.audit import LlmExchange
from meeplog.core.game import Recorded
from meeplog.core.spending import Purse, SpendCapReached, reserved, use_purse
from meeplog.core.store import open_store
from meeplog.core.tournament.behaviour import SeatReport, cost
from meeplog.core.tournament.budget import Budget, UnpricedBudget
from meeplog.core.tournament.events import GameFailed, GameRecorded
from meeplog.core.tournament.run import task
from meeplog.core.tournament.stored import load_tournament, open_tournament, tournament_ids
from meeplog.players.mock_llm import serving
from tests.tournament.plans import forest_plan, meeplog

PRICED = "m=llm:base_url=http://127.0.0.1:9/v1,model=x,input_price=1000,output_price=1000"  # 0.001 a token


def priced_tournament(games: int = 8):
    store = open_store("memory")
    tournament, _ = open_tournament(store, forest_plan((PRICED, "random", "random"), games=games))
    return tournament


def result(tournament, index: int, prompt_tokens: int) -> GameRecorded:
    """Game `index` recorded with the model seat's prompt costing `prompt_tokens` / 1000."""
    seating = tournament.plan.fixtures[index].seating
    reports = tuple(SeatReport(prompt_tokens=prompt_tokens if player == 0 else 0) for player in seating)
    return GameRecorded(index, str(uuid.uuid4()), (0, 0, 0), (1, 1, 1), (), (), reports)


def test_games_start_one_at_a_time_until_one_tells_what_a_game_costs():
    tournament = priced_tournament()
    budget = Budget(10.0, tournament)
    first, second = (task(tournament, fixture) for fixture in tournament.pending()[:2])
    assert budget.allows_another()
    budget.started(first)
    assert not budget.allows_another()
    budget.recorded([result(tournament, first.index, 2000)])  # cost 2
    assert budget.expected == pytest.approx(2.0) and budget.allows_another()
    budget.started(second)
    assert budget.allows_another()  # 2 spent, 2 expected of the running game, 2 for another: 6 <= 10


def test_no_game_starts_past_the_cap_counting_what_running_games_spent_so_far():
    tournament = priced_tournament()
    budget = Budget(7.0, tournament)
    tasks = [task(tournament, fixture) for fixture in tournament.pending()]
    budget.started(tasks[0])
    budget.recorded([result(tournament, tasks[0].index, 2000)])
    budget.started(tasks[1])
    assert budget.allows_another()  # 2 + 2 + 2 <= 7
    budget.started(tasks[2])
    assert not budget.allows_another()  # 2 + 2 + 2 + 2 > 7
    budget.recorded([GameFailed(tasks[2].index, "it crashed")])  # a failed game no longer runs, costs nothing
    assert budget.allows_another()
    exchange = LlmExchange(seat=tournament.plan.fixtures[tasks[1].index].seating.index(0), model="x", prompt="",
                           answer="", parsed=None, failure=None, prompt_tokens=3500, completion_tokens=0,
                           latency_ms=1, retries=0)
    budget.progressed([Recorded(tasks[1].game_id, 5, None, "forest", exchange)])  # type: ignore[arg-type]
    assert budget.spent == pytest.approx(5.5)
    assert not budget.allows_another()  # 2 + 3.5 spent by the running game + 2 for another > 7


def test_a_resumed_run_counts_what_earlier_runs_spent():
    tournament = priced_tournament()
    tournament.start(1)
    tournament.record(result(tournament, 0, 3000))
    budget = Budget(5.0, tournament)
    assert budget.spent == pytest.approx(3.0) and budget.expected == pytest.approx(3.0)
    assert not budget.allows_another()


def test_a_cap_without_prices_is_refused_in_one_line(tmp_path):
    store = open_store("memory")
    tournament, _ = open_tournament(store, forest_plan(games=2))
    with pytest.raises(UnpricedBudget, match="input_price and output_price"):
        Budget(1.0, tournament)
    run = meeplog("tournament", "forest", "-p", "random", "-p", "random", "-p", "random", "--games", "2",
                  "--max-cost", "1", "--db", str(tmp_path / "t.db"), "--out", str(tmp_path))
    assert run.returncode == 2 and "no player has prices" in run.stderr and "Traceback" not in run.stderr


def test_a_tournament_stops_before_a_request_could_pass_its_cap_and_resumes_with_a_higher_one(tmp_path):
    cap = 20.0  # at 0.001 a token, a Forest game with the mock costs more than that: the first game stops in its middle
    with serving() as server:
        model = f"m=llm:base_url={server.url}/v1,model=mock,input_price=1000,output_price=1000"
        db, out = str(tmp_path / "t.db"), str(tmp_path / "out")
        command = ["tournament", "forest", "-p", model, "-p", "random", "-p", "random", "--games", "12",
                   "--workers", "1", "--db", db, "--out", out]
        capped = meeplog(*command, "--max-cost", str(cap))
        assert capped.returncode == 3, capped.stdout + capped.stderr
        [line] = [line for line in capped.stdout.splitlines() if line.startswith("stopped at the cost cap")]
        assert f"of --max-cost {cap:g} is spent or set aside, so it was not sent" in line
        assert "higher --max-cost resumes" in line
        store = open_store(db)
        spent = sum(cost(model, e.prompt_tokens, e.completion_tokens) or 0.0 for e in stored_exchanges(store))
        assert 0 < spent <= cap, "--max-cost is never passed"
        [found] = tournament_ids(store)
        assert len(load_tournament(store, found).results) < 12
        resumed = meeplog(*command, "--max-cost", "100000")
        assert resumed.returncode == 0, resumed.stdout + resumed.stderr
        assert "resuming:" in resumed.stdout
        assert len(load_tournament(open_store(db), found).results) == 12


def stored_exchanges(store):
    return [r.event for game in store.games() for r in store.history(game.id) if isinstance(r.event, LlmExchange)]


def take_ten(purse: Purse, taken) -> None:
    """Reserve 1.0 ten times, settling each to 0.5 (a request that cost half its worst); count the reservations."""
    use_purse(purse)
    for _ in range(10):
        with contextlib.suppress(SpendCapReached), reserved(1.0, "a seat") as spent:
            spent.append(0.5)
            with taken.get_lock():
                taken.value += 1


def test_processes_sharing_a_purse_never_set_aside_more_than_its_cap():
    context = multiprocessing.get_context("fork")
    purse, taken = Purse.new(context, 2.0, 8.0), context.Value("i", 0)
    processes = [context.Process(target=take_ten, args=(purse, taken)) for _ in range(3)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(60)
    assert all(process.exitcode == 0 for process in processes)
    assert purse.spent == pytest.approx(2.0 + 0.5 * taken.value) and purse.spent <= 8.0
    # 2 spent, each reservation 1.0 settled to 0.5: the 11th leaves 7.5, and a 12th would need 8.5 set aside
    assert 1 <= taken.value <= 11
