"""API keys come from the environment, go to the server as a bearer token, and are recorded nowhere."""

from __future__ import annotations

import secrets

import pytest

from meeplog.core.codec import Codec
from meeplog.core.narrate import narrate
from meeplog.core.players import BadPlayerSpec, make_player
from meeplog.core.specs import PlayerSpec
from meeplog.core.store import open_store
from meeplog.players.mock_llm import Behaviour
from tests.players_llm.helpers import agent, bot, exchanges, llm, play

KEY_ENV = "MEEPLOG_TEST_API_KEY"


@pytest.fixture
def key(monkeypatch):
    value = "sk-test-" + secrets.token_hex(16)
    monkeypatch.setenv(KEY_ENV, value)
    return value


def test_the_key_is_sent_as_a_bearer_token_and_appears_in_no_event_store_log_or_repr(mock_server, key, tmp_path):
    troubled = [Behaviour.SERVER_ERROR, Behaviour.UNPARSABLE, Behaviour.ILLEGAL, Behaviour.RATE_LIMITED]
    server = mock_server(script=troubled, retry_after=0)
    players = [llm(server, api_key_env=KEY_ENV), agent(server, api_key_env=KEY_ENV), bot(2)]
    game = play("forest", players, seed=5)
    assert {r.authorization for r in server.received} == {f"Bearer {key}"}
    assert {e.failure for e in exchanges(game)} >= {"http-500", "unparsable", "illegal", "http-429"}

    db = tmp_path / "games.db"
    open_store(str(db)).save(game)
    assert key.encode() not in db.read_bytes()
    codec = Codec(())
    assert all(key not in codec.dumps(r.event).decode() for r in game.log)
    assert all(key not in line for _, line in narrate(game.log))
    for player in players[:2]:
        assert key not in repr(player) + repr(vars(player)) + repr(player.options) + repr(vars(player.transport))


def test_a_key_variable_that_is_not_set_is_a_spec_error_naming_it(monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    spec = PlayerSpec.parse(f"llm:base_url=http://127.0.0.1:9/v1,model=m,api_key_env={KEY_ENV}")
    with pytest.raises(BadPlayerSpec, match=f"the environment variable {KEY_ENV} is not set"):
        make_player(spec, seed=0)
