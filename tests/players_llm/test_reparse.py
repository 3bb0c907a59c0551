"""`meeplog replay reparse`: stored model answers read again with today's parser, asking no model, tell the
harness's failures from the model's."""

from __future__ import annotations

import json
import os

from meeplog.core.audit import ANSWER_FAILURES, LlmExchange, PlayerFellBack
from meeplog.core.store import open_store
from meeplog.players import answers
from meeplog.replays.reparse import reparse
from tests.players_llm.helpers import bot, events, llm, play
from tests.tournament.plans import meeplog

CUT = {"max_tokens": 12, "dead_after": 0}  # a token limit that cuts most plans after their command


def test_answers_read_again_by_the_parser_they_were_played_with_change_nothing(mock_server):
    server = mock_server(malformed=0.3, seed=1)
    game = play("forest", [llm(server), bot(1), bot(2)], seed=2)
    [model] = reparse([game.log]).values()
    assert model.answers == len([e for e in events(game, LlmExchange) if e.failure is None or e.failure in
                                 ANSWER_FAILURES])
    assert model.changed == 0 and model.harness_fallbacks == 0


def test_answers_an_older_parser_lost_are_found_and_their_fallbacks_called_the_harnesss(mock_server, monkeypatch):
    server = mock_server(seed=1)
    with monkeypatch.context() as older:  # the parser before it read a command whole in a cut-off answer
        older.setattr(answers, "_whole_command", lambda text: None)
        game = play("forest", [llm(server, **CUT), bot(1), bot(2)], seed=2)
    stored = [e.failure for e in events(game, LlmExchange)]
    assert "truncated" in stored
    [model] = reparse([game.log]).values()
    assert model.changes["truncated", "legal"] > 0
    assert set(model.changes) <= {("truncated", "legal"), ("truncated", "illegal")}
    assert model.fallbacks == len(events(game, PlayerFellBack)) > 0
    assert 0 < model.harness_fallbacks <= model.fallbacks


def test_the_command_reports_per_model_and_writes_json(mock_server, monkeypatch, tmp_path):
    server = mock_server(seed=1)
    db = tmp_path / "games.db"
    with monkeypatch.context() as older:
        older.setattr(answers, "_whole_command", lambda text: None)
        game = play("forest", [llm(server, **CUT), bot(1), bot(2)], seed=2)
    store = open_store(str(db))
    store.save(game)
    report = tmp_path / "reparse.json"
    shown = meeplog("replay", "reparse", str(game.id)[:8], "--db", str(db), "--json", str(report),
                    env={**os.environ, "COLUMNS": "200"})
    assert shown.returncode == 0, shown.stderr
    assert "truncated -> legal" in shown.stdout
    [(name, model)] = json.loads(report.read_text()).items()
    assert name == "test" and model["changed"] > 0 and model["harness_fallbacks"] > 0
    nothing = meeplog("replay", "reparse", "--db", str(db))
    assert nothing.returncode != 0 and "name replay files or game ids" in nothing.stderr
