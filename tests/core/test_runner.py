"""The match runner: rejections with reasons, bounded re-asks, timeouts, crashes, simultaneous asks."""

from __future__ import annotations

import asyncio
import time

import pytest

from meeplog.core.audit import CommandAccepted, CommandRejected, GameFinished, PlayerFellBack
from meeplog.core.game import Game
from meeplog.core.kernel import Command
from meeplog.core.players import Need, NotShown, Observation, Player, make_player
from meeplog.core.runner import MatchRunner, MatchSettings
from meeplog.core.specs import PlayerSpec
from tests.toy import PenniesRules, Pick, Picked


class Scripted(Player):
    """Answers from a list, then plays the first legal command; records what it was shown."""

    def __init__(self, answers=(), delay: float = 0.0) -> None:
        super().__init__(options=None, seed=0)
        self.answers = list(answers)
        self.delay = delay
        self.seen: list[Observation] = []

    async def act(self, obs: Observation) -> Command:
        self.seen.append(obs)
        await asyncio.sleep(self.delay)
        if self.answers:
            answer = self.answers.pop(0)
            if isinstance(answer, Exception):
                raise answer
            return answer
        return obs.legal[0]


class Hanging(Player):
    def __init__(self) -> None:
        super().__init__(options=None, seed=0)

    async def act(self, obs: Observation) -> Command:
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")


def run(players, settings: MatchSettings | None = None, players_count=2) -> Game:
    rules = PenniesRules()
    game = Game.start(rules, rules.configure(players_count), ["test"] * players_count, seed=1)
    fallbacks = [make_player(PlayerSpec("random"), seat) for seat in range(players_count)]
    asyncio.run(MatchRunner(game, players, fallbacks, settings=settings or MatchSettings()).play())
    return game


def events(game: Game, kind: type) -> list:
    return [r.event for r in game.log if isinstance(r.event, kind)]


def test_an_illegal_command_is_recorded_with_its_reason_and_the_seat_asked_again():
    first = Scripted([Pick(7)])
    game = run([first, Scripted()])
    [rejected] = events(game, CommandRejected)
    assert rejected.seat == 0
    assert rejected.reason == "pick a side from 0 to 1"
    assert '"side":7' in rejected.raw
    assert first.seen[1].rejection == "pick a side from 0 to 1"
    assert events(game, PlayerFellBack) == []
    assert events(game, GameFinished)


def test_a_player_refused_too_often_falls_back_and_the_game_still_finishes():
    stubborn = Scripted([Pick(9)] * 3)
    game = run([stubborn, Scripted()], MatchSettings(max_rejections=2))
    assert len(events(game, CommandRejected)) == 3
    [fell] = events(game, PlayerFellBack)
    assert fell.seat == 0 and "3 answers refused" in fell.why and "pick a side from 0 to 1" in fell.why
    assert fell.command in (Pick(0), Pick(1))
    assert events(game, GameFinished)


def test_a_crashing_player_is_rejected_then_falls_back():
    crashing = Scripted([RuntimeError("boom")] * 5)
    game = run([crashing, Scripted()], MatchSettings(max_rejections=1))
    reasons = [e.reason for e in events(game, CommandRejected)]
    assert reasons[:2] == ["the player failed: RuntimeError: boom"] * 2
    assert events(game, PlayerFellBack)[0].why.startswith("2 answers refused")
    assert events(game, GameFinished)


def test_a_player_that_never_answers_times_out_and_falls_back_every_turn():
    game = run([Hanging(), Scripted()], MatchSettings(timeout=0.05))
    fell = events(game, PlayerFellBack)
    assert len(fell) == 3 and all(f.why == "no answer within 0.05s" for f in fell)
    assert events(game, GameFinished)


def test_simultaneous_decisions_are_asked_concurrently_and_applied_in_seat_order():
    slow, fast = Scripted(delay=0.2), Scripted(delay=0.0)
    started = time.perf_counter()
    game = run([slow, fast, Scripted(delay=0.2)], players_count=3)
    assert time.perf_counter() - started < 3 * 0.2 * 2, "the seats were asked one after another"
    picks = [e.seat for e in events(game, Picked)]
    assert picks == [0, 1, 2] * 3


def test_each_seat_is_shown_its_redacted_feed_since_its_last_turn():
    watcher = Scripted()
    run([Scripted([Pick(1)] * 3), watcher])
    second_turn = watcher.seen[1]
    picks = [e for e in second_turn.feed if isinstance(e, Picked)]
    assert {e.seat for e in picks} == {0, 1}
    assert all(e.side is None for e in picks if e.seat == 0), "seat 1 saw seat 0's secret pick"
    decisions = [e for e in second_turn.feed if isinstance(e, CommandAccepted) and e.seat == 0]
    assert decisions and all(e.command is None for e in decisions)


class LegalOnly(Scripted):
    needs = Need.NOTHING


class ViewOnly(Scripted):
    needs = Need.VIEW


def test_each_seat_is_shown_only_what_its_player_declares_it_needs():
    bot, viewer, everything = LegalOnly(), ViewOnly(), Scripted()
    run([bot, viewer, everything], players_count=3)
    assert all(obs.legal for obs in bot.seen + viewer.seen + everything.seen)
    with pytest.raises(NotShown, match=r"does not declare Need\.VIEW"):
        _ = bot.seen[0].view
    with pytest.raises(NotShown, match=r"does not declare Need\.FEED"):
        _ = viewer.seen[1].feed
    assert viewer.seen[0].view.model_dump() and everything.seen[0].view.model_dump(), "the views were built"
    assert everything.seen[1].feed, "a player that reads everything is shown its feed"


def test_the_bots_declare_they_read_only_the_legal_commands():
    for spec in ("random", "heuristic", "mcts"):
        assert make_player(PlayerSpec(spec), 0).needs is Need.NOTHING, spec


def test_the_runner_refuses_a_player_list_of_the_wrong_size():
    rules = PenniesRules()
    game = Game.start(rules, rules.configure(3), ["x"] * 3, seed=1)
    with pytest.raises(ValueError, match="3 seats, not 2"):
        MatchRunner(game, [Scripted(), Scripted()], [Scripted(), Scripted()])
