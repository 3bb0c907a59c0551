"""The viewer's pages and JSON API, called directly: what they show, from which perspective, and their 4xx."""

from __future__ import annotations

import itertools
import os
import re
import socket
import subprocess
import time
import uuid
from pathlib import Path

import httpx
import orjson
import pytest
from starlette.testclient import TestClient

from meeplog.core.audit import CommandRejected, LlmExchange
from meeplog.core.store import open_store
from meeplog.core.tournament.standings import standings
from meeplog.core.tournament.stored import load_tournament
from meeplog.replays.format import dump_replay, parse_replay
from meeplog.replays.present import position_document
from meeplog.replays.travel import at_step
from meeplog.replays.viewer.app import create_app
from meeplog.replays.viewer.boards import board_module, mark_changed_zones
from meeplog.replays.viewer.library import FileLibrary, GameFilter, StoreLibrary
from meeplog.replays.viewer.serving import shown
from tests.replays.games import simultaneous_game
from tests.replays.test_verify import bumped
from tests.stores import postgres_database
from tests.tournament.plans import MEEPLOG, meeplog
from tests.viewer.stores import TOURNAMENT_GAMES, replay_file

GOLDEN = Path(__file__).parents[2] / "replays" / "golden"


@pytest.fixture(scope="module")
def client(stored):
    path, store, _ = stored
    return TestClient(create_app(StoreLibrary(store, str(path))))


def test_the_games_list_filters_by_game_player_and_tournament_and_pages_through_everything(stored, client):
    _, store, games = stored
    library = StoreLibrary(store, "test")
    everything = [row.id for row in library.page(GameFilter(), size=1000).rows]
    assert {game.id for game in games} <= set(everything)
    assert len(everything) == len(games) + TOURNAMENT_GAMES
    paged, cursor = [], 1
    while cursor is not None:
        page = library.page(GameFilter(), cursor, size=2)
        paged += [row.id for row in page.rows]
        cursor = page.next_cursor
    assert paged == everything
    hikes = library.page(GameFilter(game="hike")).rows
    assert [row.game for row in hikes] == ["hike"]
    chatty = library.page(GameFilter(player="chatty")).rows
    assert [row.id for row in chatty] == [games[-1].id]
    tournament = library.tournaments()[0]
    listed = library.page(GameFilter(tournament=str(tournament.id)[:8])).rows
    assert len(listed) == TOURNAMENT_GAMES and {row.game for row in listed} == {"forest"}
    page = client.get("/games", params={"game": "donkey"})
    assert page.status_code == 200
    assert str(next(g.id for g in games if g.rules.name == "donkey"))[:8] in page.text
    assert "hike" not in re.sub(r"<select.*?</select>", "", page.text, flags=re.S)


def test_a_seats_frame_holds_exactly_what_replay_show_as_that_seat_gives(stored, client):
    for game in stored[2]:
        history = game.log
        last = len([r for r in history if type(r.event).__name__ in ("CommandAccepted", "PlayerFellBack")])
        for step in (0, last // 2, last):
            for seat in range(game.players):
                answer = client.get(f"/api/games/{game.id}/steps/{step}", params={"as": seat})
                assert answer.status_code == 200
                shown = answer.json()["frame"]
                expected_document = orjson.loads(position_document(at_step(history, step), seat))
                assert shown["panel"]["data"] == expected_document["view"]
                assert len(shown["panel"]["legal"]) == len(expected_document["legal"])
                assert shown["step"] == step and shown["last"] == last and shown["seat"] == seat
                position = at_step(history, step)
                since = position.last_decision(seat)
                expected = [v for v, e in position.feed(seat) if v >= since and not isinstance(e, LlmExchange)]
                assert [entry["version"] for entry in shown["feed"]] == expected
                prompts = [entry["exchange"]["prompt"] for entry in shown["made_here"] if entry["exchange"]]
                assert prompts == expected_document["prompts"]


def test_the_steps_events_show_the_audit_trail_in_full_from_all_and_only_the_seats_own_exchanges(stored, client):
    audited = stored[2][-1]
    history = audited.log
    rejected = next(r for r in history if isinstance(r.event, CommandRejected))
    assert any(isinstance(r.event, LlmExchange) for r in history)
    step = (
        sum(
            type(r.event).__name__ in ("CommandAccepted", "PlayerFellBack")
            for r in history
            if r.originator_version < rejected.originator_version
        )
        + 1
    )
    everything = client.get(f"/api/games/{audited.id}/steps/{step}").json()
    kinds = [line["audit"] for line in everything["frame"]["lines"]]
    assert "rejected" in kinds and "exchange" in kinds
    assert any(line["exchange"] and line["exchange"]["prompt"] for line in everything["frame"]["lines"])
    page = client.get(f"/games/{audited.id}", params={"step": step}).text
    assert '<details class="exchange">' in page and "raw answer" in page
    for seat in range(audited.players):
        for number in range(step, step + 4):
            lines = client.get(f"/api/games/{audited.id}/steps/{number}", params={"as": seat}).json()["frame"]["lines"]
            prompts = [line["exchange"] for line in lines if line["exchange"]]
            owners = {line["text"].split()[1] for line in lines if line["exchange"]}
            assert owners <= {str(seat)}, f"seat {seat} is shown another seat's exchange"
            assert all(p["prompt"].startswith(f"seat {seat},") for p in prompts)


def test_what_changed_since_the_step_before_is_listed_and_marked(stored, client):
    game = stored[2][0]
    frame = client.get(f"/api/games/{game.id}/steps/1", params={"as": 0}).json()
    assert frame["frame"]["panel"]["changed"], "the first decision changed nothing in seat 0's view"
    assert 'class="changed"' in frame["html"]
    assert client.get(f"/api/games/{game.id}/steps/0").json()["frame"]["panel"]["changed"] == []


def test_the_last_step_shows_the_final_scores(stored, client):
    game = stored[2][0]
    outcome = game.outcome()
    page = client.get(f"/games/{game.id}")
    assert page.status_code == 200 and "final scores" in page.text
    first = client.get(f"/api/games/{game.id}/steps/0").json()
    assert "final scores" not in first["html"]  # the result is not told before its last step
    final = first["frame"]["final"]
    assert [(seat, score, rank) for seat, score, rank in final] == [
        (seat, score, rank) for seat, (score, rank) in enumerate(zip(outcome.scores, outcome.ranks, strict=True))
    ]


@pytest.mark.parametrize(
    ("path", "status", "says"),
    [
        ("/games/00000000-0000-0000-0000-000000000000", 404, "no game 00000000-0000-0000-0000-000000000000"),
        ("/games/not-an-id", 404, "is not a game id"),
        ("/api/games/00000000-0000-0000-0000-000000000000/steps/0", 404, "no game"),
        ("/tournaments/ffffffff", 404, "no single tournament"),
        ("/games?after=abc", 400, "give a whole number"),
        ("/games?game=chess", 400, "is not an installed game"),
        ("/static/../core/store.py", 404, "no page here"),
        ("/static/%2e%2e/library.py", 404, "no page here"),
        ("/nowhere", 404, "no page here"),
    ],
)
def test_bad_requests_get_a_clear_4xx_and_never_a_stack_trace(client, path, status, says):
    answer = client.get(path)
    assert answer.status_code == status
    assert says in answer.text
    assert "Traceback" not in answer.text


def test_the_api_refuses_a_step_out_of_range_or_a_seat_the_game_lacks_with_a_4xx(stored, client):
    game = stored[2][0]
    last = client.get(f"/api/games/{game.id}/steps/0").json()["frame"]["last"]
    too_far = client.get(f"/api/games/{game.id}/steps/{last + 1}")
    assert too_far.status_code == 404
    assert too_far.json()["error"] == f"this game has steps 0 to {last} (one per decision); there is no step {last + 1}"
    assert client.get(f"/games/{game.id}", params={"step": last + 1}).status_code == 404
    no_seat = client.get(f"/api/games/{game.id}/steps/0", params={"as": game.players})
    assert no_seat.status_code == 400 and "there is no seat" in no_seat.json()["error"]
    assert client.get(f"/api/games/{game.id}/steps/0", params={"as": "x"}).status_code == 400


def test_a_replay_file_damaged_after_the_viewer_opened_it_gives_a_422_page(stored, tmp_path):
    game = stored[2][0]
    path = replay_file(game, tmp_path)
    client = TestClient(create_app(FileLibrary(path)))
    assert client.get(f"/games/{game.id}").status_code == 200
    path.write_bytes(path.read_bytes()[:-40])
    page = client.get(f"/games/{game.id}")
    assert page.status_code == 422
    assert "the replay file is damaged" in page.text and "cut off" in page.text
    assert client.get(f"/api/games/{game.id}/steps/0").status_code == 422


def test_browsing_never_changes_the_store(stored, client):
    path, _, games = stored
    before = path.read_bytes()
    for game in games:
        client.get(f"/games/{game.id}")
        client.get(f"/games/{game.id}/verify")
    client.get("/games")
    client.get("/tournaments")
    assert path.read_bytes() == before


def test_a_replay_that_does_not_verify_shows_its_first_divergence_side_by_side(stored, tmp_path):
    game = stored[2][0]
    history = parse_replay(dump_replay(game.log))
    target = next(
        r
        for r in history[len(history) // 2 :]
        if type(r.event).__module__.startswith("meeplog.games.") and any(type(v) is int for v in vars(r.event).values())
    )
    edited = [
        *history[: target.originator_version - 1],
        target._replace(event=bumped(target.event)),
        *history[target.originator_version :],
    ]
    path = tmp_path / "edited.jsonl"
    path.write_bytes(dump_replay(edited))
    client = TestClient(create_app(FileLibrary(path)))
    page = client.get(f"/games/{game.id}/verify")
    assert page.status_code == 200
    assert "DIVERGES" in page.text and f"≠ {target.originator_version}" in page.text
    assert 'id="divergent-step"' in page.text
    path.write_bytes(dump_replay(history))
    assert "ok: " in client.get(f"/games/{game.id}/verify").text


def test_the_tournament_pages_show_the_standings_and_the_plot(stored, client):
    listing = client.get("/tournaments")
    assert listing.status_code == 200
    tournament_id = re.search(r"/tournaments/([0-9a-f-]{36})", listing.text).group(1)
    page = client.get(f"/tournaments/{tournament_id}")
    assert page.status_code == 200
    assert f"{TOURNAMENT_GAMES}/{TOURNAMENT_GAMES} games recorded" in page.text and "rating" in page.text
    report = page.text.partition("How each player played")[2]
    table = standings(load_tournament(stored[1], uuid.UUID(tournament_id)))
    for player in table.players:
        r = player.report
        assert f"<tr><td>{player.player}</td><td>{r.played}</td><td>{player.games}</td><td>{r.decisions}</td>" in report
    plot = client.get(f"/tournaments/{tournament_id}/plot.png")
    assert plot.status_code == 200 and plot.content.startswith(b"\x89PNG")


def test_the_live_stream_of_a_finished_game_says_so_and_ends(stored, client):
    game = stored[2][0]
    with client.stream("GET", f"/api/games/{game.id}/live") as stream:
        body = b"".join(stream.iter_bytes())
    news = orjson.loads(body.removeprefix(b"data: ").strip())
    assert news["finished"] is True and news["events"] == len(game.log)


def test_one_stream_follows_a_game_and_a_tournament_for_every_page_of_a_browser(stored, client):
    """The debugger's and the tournament page's news come on the stream the seat pages share (streams.py)."""
    path, store, games = stored
    game = games[2]
    tournament = StoreLibrary(store, str(path)).tournaments()[0]
    follow = [f"game:{game.id}", f"tournament:{tournament.id}"]
    heard: dict[str, dict] = {}
    with client.stream("GET", "/api/play/events", params={"follow": follow}) as stream:
        for line in stream.iter_lines():
            if line.startswith("data: "):
                message = orjson.loads(line.removeprefix("data: "))
                heard["game" if "game" in message else "tournament"] = message
            if len(heard) == 2:
                break
    news = heard["game"]["news"]
    assert heard["game"]["game"] == str(game.id) and news["events"] == len(game.log) and news["finished"] is True
    assert heard["tournament"]["tournament"] == str(tournament.id) and heard["tournament"]["news"]["finished"]
    assert client.get("/api/play/events", params={"follow": f"game:{uuid.uuid4()}"}).status_code == 404


def test_replay_view_refuses_a_damaged_file_in_one_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text("{}\n")
    result = meeplog("replay", "view", str(path))
    assert result.returncode == 2
    assert result.stderr.strip().startswith("error:") and "not a Meeplog replay" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*/*.jsonl")), ids=lambda path: path.stem)
def test_every_golden_replay_opens_at_its_first_middle_and_last_step_from_every_perspective(path):
    history = parse_replay(path.read_bytes())
    client = TestClient(create_app(FileLibrary(path)))
    game_id = history[0].originator_id
    last = client.get(f"/api/games/{game_id}/steps/0").json()["frame"]["last"]
    for step in (0, last // 3, last):
        for seat in ["all", *range(len(history[0].event.seats))]:
            answer = client.get(f"/games/{game_id}", params={"step": step, "as": seat})
            assert answer.status_code == 200, f"step {step} as {seat}: {answer.text[-300:]}"
            assert 'class="seat-board' in answer.text


def test_the_board_zones_that_changed_since_the_step_before_are_marked():
    before = (
        '<div class="board"><div class="zone hand"><span class="label">hand</span>1 2</div>'
        '<div class="zone trick"><span class="label">trick</span></div></div>'
    )
    after = before.replace("1 2", "2").replace("</span></div></div>", "</span>1</div></div>")
    marked = mark_changed_zones(before, after)
    assert marked.count('class="zone changed') == 2
    assert mark_changed_zones(after, after) == after
    added = after.replace("</div></div>", '</div><div class="zone bid"><span class="label">bid</span>5</div></div>')
    assert mark_changed_zones(after, added).count('class="zone changed') == 1


def test_a_database_password_never_shows_on_the_pages():
    assert (
        shown("postgresql://meeplog:s3cret@db.example:5432/games") == "postgresql://meeplog:***@db.example:5432/games"
    )
    assert shown("games.db") == "games.db"


def test_meeplog_serve_answers_over_http_until_stopped(stored):
    path = stored[0]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [MEEPLOG, "serve", "--db", str(path), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/games", timeout=5)
                break
            except httpx.TransportError:
                assert server.poll() is None and time.monotonic() < deadline, server.stderr.read()
                time.sleep(0.2)
        assert answer.status_code == 200 and f"in {path}" in answer.text
    finally:
        server.terminate()
        server.wait(30)


def test_a_game_without_a_board_module_is_drawn_as_a_tree_of_its_view(tmp_path):
    game = simultaneous_game()
    assert board_module(game.rules) is None
    client = TestClient(create_app(FileLibrary(replay_file(game, tmp_path))))
    page = client.get(f"/games/{game.id}", params={"step": 1, "as": 0})
    assert page.status_code == 200
    assert 'class="board generic"' in page.text and '<dl class="tree">' in page.text


@pytest.mark.postgres
def test_the_viewer_reads_a_postgresql_store_the_same_way(stored):
    game = stored[2][0]
    with postgres_database() as url:
        store = open_store(url)
        try:
            store.save(*game.log)
            client = TestClient(create_app(StoreLibrary(store, url)))
            assert str(game.id)[:8] in client.get("/games").text
            answer = client.get(f"/api/games/{game.id}/steps/3", params={"as": 1})
            assert answer.status_code == 200 and answer.json()["frame"]["step"] == 3
        finally:
            store.close()


def test_a_game_a_dead_seat_forfeited_shows_why_it_has_no_result(tmp_path):
    from meeplog.players.mock_llm import serving
    from tests.tournament.test_dead_seats import BROKEN

    db = tmp_path / "forfeit.db"
    with serving(BROKEN) as server:
        agent = f"http:url={server.url}/agent,dead_after=2"
        played = meeplog("play", "forest", "-p", agent, "-p", "random", "-p", "random", "--db", str(db), "--seed", "3")
    assert played.returncode == 1, played.stderr  # a forfeited game is a failed one (README's exit statuses)
    store = open_store(str(db))
    [game] = list(store.games())
    assert game.forfeited is not None and game.finished is None
    client = TestClient(create_app(StoreLibrary(store, str(db))))
    last = client.get(f"/api/games/{game.id}/steps/0").json()["frame"]["last"]
    frame = client.get(f"/api/games/{game.id}/steps/{last}").json()["frame"]
    assert "failed 2 decisions in a row" in frame["forfeit"] and frame["final"] == []
    assert any(line["audit"] == "forfeited" for line in frame["made_here"] + frame["lines"])
    page = client.get(f"/games/{game.id}?step={last}")
    assert "no result: the game ended when a seat forfeited" in page.text
    assert "forfeited by seat 0" in meeplog("list", "--db", str(db), env={**os.environ, "COLUMNS": "200"}).stdout


def test_serve_on_an_address_already_taken_says_so_in_one_line(stored):
    path = stored[0]
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = meeplog("serve", "--db", str(path), "--port", str(port))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"cannot listen on 127.0.0.1:{port}: Address already in use; give another --host or --port" in result.stderr


def test_a_unique_id_prefix_opens_the_game_as_the_command_line_takes_it_and_an_ambiguous_one_is_a_404(stored, client):
    game = stored[2][0]
    prefix = str(game.id)[:8]
    page = client.get(f"/games/{prefix}", params={"step": 1, "as": 0}, follow_redirects=False)
    assert page.status_code == 302
    assert page.headers["location"].endswith(f"/games/{game.id}?step=1&as=0")
    assert client.get(f"/games/{prefix.upper()}").status_code == 200
    assert client.get(f"/api/games/{prefix}/steps/0").json()["frame"]["game_id"] == str(game.id)
    assert client.get(f"/games/{prefix}/verify").status_code == 200
    ids = sorted(str(summary.id) for summary in stored[1].games())
    shared = max((_shared_start(a, b) for a, b in itertools.pairwise(ids)), key=len)
    ambiguous = client.get(f"/games/{shared}")
    assert ambiguous.status_code == 404 and "stored games with an id starting" in ambiguous.text
    assert "is not a game id" in client.get("/games/xyz").text


def _shared_start(first: str, second: str) -> str:
    length = next((i for i, (a, b) in enumerate(zip(first, second, strict=False)) if a != b), len(first))
    return first[:length]
