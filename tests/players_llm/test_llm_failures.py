"""The LLM seat against a mock server over real sockets: each failure class is recorded, retried or
re-asked as documented, and the game always finishes (outages: test_outages.py)."""

from __future__ import annotations

import json

from meeplog.core.audit import CommandAccepted, CommandRejected, GameFinished, PlayerFellBack
from meeplog.core.runner import MatchSettings
from meeplog.players.mock_llm import Behaviour
from meeplog.players.prompts import render
from tests.players_llm.helpers import Sleeps, bot, events, exchanges, listed, llm, play, user_messages
from tests.toy import PenniesRules, Pick


def assert_all_recorded(game, server):
    """One LlmExchange per request the server got, and a finished game."""
    assert len(exchanges(game)) == len(server.received)
    assert events(game, GameFinished)


def failures(game):
    return [(e.failure, e.retries) for e in exchanges(game)]


def test_a_model_that_answers_legally_plays_a_whole_game_and_every_exchange_is_recorded(mock_server):
    server = mock_server()
    game = play("forest", [llm(server), bot(1), bot(2)], seed=3)
    assert_all_recorded(game, server)
    records = exchanges(game)
    assert all(e.failure is None and e.retries == 0 and e.seat == 0 and e.model == "mock" for e in records)
    played = [e.command for e in events(game, CommandAccepted) if e.seat == 0]
    as_json = [json.loads(json.dumps({"type": type(c).__name__, **c.__dict__})) for c in played]  # tuples as lists
    answered = [json.loads(e.parsed) for e in records]  # a plan (taking a card, then cashing in or not) is a list
    assert [step for answer in answered for step in (answer if isinstance(answer, list) else [answer])] == as_json
    assert events(game, CommandRejected) == [] and events(game, PlayerFellBack) == []
    first = server.received[0].body
    assert first["response_format"]["type"] == "json_schema"
    assert first["temperature"] == 0.0 and first["max_tokens"] == 512 and first["seed"] == 0
    sent = render_sent(first["messages"])
    assert records[0].prompt == sent
    assert records[0].answer == '{"command": ' + json.dumps(listed_command(server, 0, records[0].parsed)) + "}"
    assert records[0].prompt_tokens > 100 and records[0].completion_tokens > 0


def render_sent(messages):
    from meeplog.players.prompts import Message

    return render([Message(m["role"], m["content"]) for m in messages])


def listed_command(server, index, parsed):
    [command] = [c for c in listed(server, index) if c == json.loads(parsed)]
    return command


def test_a_request_that_times_out_is_retried(mock_server):
    server = mock_server(script=[Behaviour.HANG], hang_limit=5)
    game = play(PenniesRules(), [llm(server, timeout=0.2), bot(1)])
    assert failures(game)[:2] == [("timeout", 0), (None, 1)]
    assert_all_recorded(game, server)
    assert events(game, PlayerFellBack) == []


def test_a_429_is_retried_after_the_servers_retry_after(mock_server):
    server = mock_server(script=[Behaviour.RATE_LIMITED], retry_after=0.25)
    player = llm(server)
    player.transport.sleep = sleeps = Sleeps()
    game = play(PenniesRules(), [player, bot(1)])
    assert sleeps.waits == [0.25]
    assert failures(game)[:2] == [("http-429", 0), (None, 1)]
    assert "mock failure 429" in exchanges(game)[0].answer
    assert_all_recorded(game, server)


def test_500s_are_retried_with_bounded_jittered_backoff_then_succeed(mock_server):
    server = mock_server(script=[Behaviour.SERVER_ERROR, Behaviour.SERVER_ERROR])
    player = llm(server, backoff=0.01, max_backoff=0.02)
    player.transport.sleep = sleeps = Sleeps()
    game = play(PenniesRules(), [player, bot(1)])
    assert failures(game)[:3] == [("http-500", 0), ("http-500", 1), (None, 2)]
    assert len(sleeps.waits) == 2 and all(0.01 <= wait <= 0.02 for wait in sleeps.waits)
    assert_all_recorded(game, server)
    assert events(game, CommandRejected) == []


def test_garbage_is_refused_and_asked_again_with_the_reason_within_the_decision(mock_server):
    server = mock_server(script=[Behaviour.UNPARSABLE])
    game = play(PenniesRules(), [llm(server), bot(1)])
    assert failures(game)[:2] == [("unparsable", 0), (None, 0)]
    garbage = exchanges(game)[0].answer
    messages = server.received[1].body["messages"]
    assert messages[-2] == {"role": "assistant", "content": garbage}
    assert "refused: the answer held no JSON object" in messages[-1]["content"]
    assert exchanges(game)[1].prompt.endswith(messages[-1]["content"])
    assert events(game, CommandRejected) == [], "a re-ask within the decision is not the runner's rejection"
    assert_all_recorded(game, server)


def test_empty_and_truncated_answers_are_classified_and_asked_again(mock_server):
    server = mock_server(script=[Behaviour.EMPTY, Behaviour.TRUNCATED])
    game = play(PenniesRules(), [llm(server), bot(1)])
    assert [e.failure for e in exchanges(game)[:3]] == ["empty", "truncated", None]
    assert "cut off" in user_messages(server, 2)[-1]
    assert_all_recorded(game, server)


def test_an_illegal_command_is_refused_by_the_runner_with_the_games_reason_and_shown_to_the_model(mock_server):
    server = mock_server(script=[Behaviour.ILLEGAL])
    game = play(PenniesRules(), [llm(server), bot(1)])
    first = exchanges(game)[0]
    assert first.failure == "illegal" and json.loads(first.parsed) == {"type": "Pick", "side": 999}
    [rejected] = events(game, CommandRejected)
    assert rejected.reason == "pick a side from 0 to 1" and '"side":999' in rejected.raw
    assert f"Your previous answer {first.answer!r} was refused: pick a side from 0 to 1" in user_messages(server, 1)[0]
    assert events(game, PlayerFellBack) == []
    assert_all_recorded(game, server)


def test_a_made_up_card_cannot_stop_a_real_game(mock_server):
    server = mock_server(script=[Behaviour.ILLEGAL] * 3)
    game = play("forest", [llm(server), bot(1), bot(2)], seed=3)
    assert [e.failure for e in exchanges(game)[:3]] == ["illegal"] * 3
    reasons = [e.reason for e in events(game, CommandRejected)]
    assert len(reasons) == 3 and all("not among the legal commands" in r or "999" in r for r in reasons)
    assert_all_recorded(game, server)


def test_a_model_that_never_gives_a_command_falls_back_after_both_limits(mock_server):
    server = mock_server(script=[Behaviour.UNPARSABLE] * 12)
    game = play(PenniesRules(), [llm(server, answer_retries=1), bot(1)], settings=MatchSettings(max_rejections=1))
    assert [e.failure for e in exchanges(game)] == ["unparsable"] * 12  # 3 decisions x 2 asks x 2 answers
    rejected = events(game, CommandRejected)
    assert len(rejected) == 6 and all("NoCommand: 2 answers in a row were no command" in r.reason for r in rejected)
    fell = events(game, PlayerFellBack)
    assert [f.seat for f in fell] == [0, 0, 0] and all(f.why.startswith("2 answers refused") for f in fell)
    assert all(f.command in (Pick(0), Pick(1)) for f in fell)
    assert_all_recorded(game, server)


def test_the_runners_timeout_cuts_a_request_short_and_the_cut_request_is_recorded(mock_server):
    server = mock_server(hang=1.0, hang_limit=5)
    game = play(PenniesRules(), [llm(server, timeout=5), bot(1)], settings=MatchSettings(timeout=0.1))
    assert [e.failure for e in exchanges(game)] == ["cancelled"] * 3
    assert [f.why for f in events(game, PlayerFellBack)] == ["no answer within 0.1s"] * 3
    assert_all_recorded(game, server)


def test_plain_json_mode_sends_no_response_format(mock_server):
    server = mock_server()
    play(PenniesRules(), [llm(server, structured="off"), bot(1)])
    assert all("response_format" not in r.body for r in server.received)
