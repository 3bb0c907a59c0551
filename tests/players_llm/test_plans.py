"""Whole-turn answers: where a game chains a seat's own decisions (Rules.continues), a model seat answers the chain
at once, as a plan the rules check step by step. Played against the mock server, which answers plans from the
later steps the prompt shows (players/mock_llm.py)."""

from __future__ import annotations

import asyncio

import orjson

from meeplog.core.audit import CommandAccepted, CommandRejected, GameFinished, LlmExchange, PlayerFellBack
from meeplog.core.conformance.test_chains import carried_on_past_news
from meeplog.core.game import Game
from meeplog.core.registry import load_rules
from meeplog.core.runner import MatchRunner, MatchSettings
from meeplog.games.trekking.commands import DrawTrekCard, TakeTrekCard
from meeplog.games.trekking.rules import TrekkingRules
from tests.players_llm.helpers import bot, events, exchanges, llm

SEAT = 0


def trekking(players, seed=1, stored=()):
    rules = load_rules("trekking")
    game = Game.start(rules, rules.configure(len(players), max_rounds=6), ["test"] * len(players), seed)
    runner = MatchRunner(
        game, players, [bot(seat) for seat in range(len(players))], settings=MatchSettings(), stored=stored
    )
    asyncio.run(runner.play())
    return game


def decisions(game, seat=SEAT):
    return [e for e in events(game, CommandAccepted) + events(game, PlayerFellBack) if e.seat == seat]


def steps_after_each_exchange(game):
    """For each answered exchange of the model seat, the commands its seat then played before it asked again."""
    played = []
    for recorded in game.log:
        event = recorded.event
        if isinstance(event, LlmExchange) and event.seat == SEAT and event.parsed is not None:
            played.append((event, []))
        elif isinstance(event, CommandAccepted) and event.seat == SEAT and played:
            played[-1][1].append(event.command)
    return played


def test_a_model_seat_in_trekking_makes_at_most_one_request_for_every_two_decisions(mock_server):
    server = mock_server()
    game = trekking([llm(server), bot(1)])
    asked, decided = len([e for e in exchanges(game) if e.seat == SEAT]), len(decisions(game))
    assert events(game, GameFinished) and events(game, PlayerFellBack) == []
    assert 2 * asked <= decided, f"{asked} requests for {decided} decisions"


def test_each_step_of_a_plan_is_a_decision_of_its_own_after_the_one_exchange_that_decided_them(mock_server):
    server = mock_server()
    game = trekking([llm(server), bot(1)])
    plans = [(e, steps) for e, steps in steps_after_each_exchange(game) if e.parsed.startswith("[")]
    assert plans, "the mock answered plans"
    for exchange, steps in plans:
        planned = orjson.loads(exchange.parsed)
        assert len(planned) >= 2 and [type(step).__name__ for step in steps[: len(planned)]] == [
            step["type"] for step in planned[: len(steps)]
        ], f"the steps played follow the plan {planned}"


def test_a_plan_stops_where_the_seat_learns_something_new(mock_server):
    server = mock_server()
    game = trekking([llm(server), bot(1)])
    learned = False  # the seat's last decision drew a card, or took one and the row was filled from the deck
    for recorded in game.log:
        event = recorded.event
        if isinstance(event, LlmExchange) and event.seat == SEAT:
            learned = False
        elif isinstance(event, CommandAccepted) and event.seat == SEAT:
            assert not learned, "a plan step was played after a card was drawn"
            learned = isinstance(event.command, DrawTrekCard | TakeTrekCard)


def test_a_refused_step_is_asked_again_from_that_step_with_the_reason(mock_server):
    server = mock_server(script=("legal", "illegal-step"))  # the second request is the first plan
    game = trekking([llm(server), bot(1)])
    [refused] = [e for e in events(game, CommandRejected) if e.seat == SEAT][:1]
    assert "999" in refused.raw
    history = [r.event for r in game.log]
    after = history[history.index(refused) + 1]
    assert isinstance(after, LlmExchange) and after.failure is None
    assert f"Your previous answer {refused.raw!r} was refused: {refused.reason}" in after.prompt
    assert events(game, PlayerFellBack) == [] and events(game, GameFinished)


def test_a_seat_told_not_to_plan_asks_at_every_decision(mock_server):
    server = mock_server()
    game = trekking([llm(server, plans="false"), bot(1)])
    assert len([e for e in exchanges(game) if e.seat == SEAT]) == len(decisions(game))
    assert all(not e.parsed.startswith("[") for e in exchanges(game))


def test_a_game_resumed_in_the_middle_of_a_plan_replays_the_steps_it_stored_and_plays_the_rest_without_asking(
    mock_server,
):
    server = mock_server()
    whole = trekking([llm(server), bot(1)])
    log = whole.log
    cut = None  # right after the events of a plan step that is not the plan's last
    for index, recorded in enumerate(log):
        if isinstance(recorded.event, LlmExchange):
            steps = 0
        elif isinstance(recorded.event, CommandAccepted) and recorded.event.seat == SEAT:
            steps += 1
            if steps == 2 and cut is None:
                cut = next(i for i in range(index + 1, len(log)) if isinstance(log[i].event, CommandAccepted))
    assert cut is not None
    stored = log[:cut]
    asked_before = len(server.received)
    resumed = trekking([llm(server), bot(1)], stored=stored)
    assert events(resumed, GameFinished)
    assert [r.event for r in resumed.log[:cut]] == [r.event for r in stored], "the stored prefix is replayed as it was"
    new_exchanges = [r.event for r in resumed.log[cut:] if isinstance(r.event, LlmExchange)]
    assert len(server.received) - asked_before == len(new_exchanges), "no stored request is sent again"
    played = [r.event for r in resumed.log if not isinstance(r.event, LlmExchange)]
    assert played == [r.event for r in log if not isinstance(r.event, LlmExchange)], "as a run not stopped"
    assert len(exchanges(resumed)) == len(exchanges(whole)), "the rest of the plan was not asked for again"


class Careless:
    """Trekking's rules, but every decision of the seat whose turn it is carries on the one before: past cards drawn
    (a wrapper, as a compiled kernel cannot be subclassed)."""

    def __init__(self) -> None:
        self.rules = TrekkingRules()

    def __getattr__(self, name):
        return getattr(self.rules, name)

    def continues(self, state, seat, events):
        return state.active == seat


def test_the_conformance_check_catches_a_game_whose_chains_run_past_a_card_drawn():
    careless = Careless()
    carried, problems = carried_on_past_news(careless, careless.configure(2), seed=0)
    assert carried and problems
    honest = TrekkingRules()
    assert carried_on_past_news(honest, honest.configure(2), seed=0)[1] == []
