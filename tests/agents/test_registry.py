"""`meeplog agents add|list|revoke`: the token printed once (the last word of the last line) and kept only as a
hash, a name registered once, a revoked token refused, an unknown name one line."""

from __future__ import annotations

from typer.testing import CliRunner

from meeplog.core.agents.registry import Agents
from meeplog.core.cli import app
from meeplog.core.store import open_store

runner = CliRunner()


def agents(*args: str):
    return runner.invoke(app, ["agents", *args])


def test_add_prints_the_token_once_and_the_store_keeps_only_its_hash(tmp_path):
    db = str(tmp_path / "agents.db")
    added = agents("add", "heu", "--db", db)
    assert added.exit_code == 0
    token = added.stdout.strip().splitlines()[-1].split()[-1]
    registry = Agents(open_store(db))
    assert registry.holder(token).name == "heu"
    assert registry.holder(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    assert token.encode() not in (tmp_path / "agents.db").read_bytes()
    listed = agents("list", "--db", db)
    assert "heu" in listed.stdout and "live" in listed.stdout and token not in listed.stdout


def test_a_name_is_registered_once_and_a_revoked_token_is_refused(tmp_path):
    db = str(tmp_path / "agents.db")
    token = agents("add", "rnd", "--db", db).stdout.split()[-1]
    again = agents("add", "rnd", "--db", db)
    assert again.exit_code == 2 and "registered already" in again.stderr
    assert agents("revoke", "rnd", "--db", db).exit_code == 0
    assert Agents(open_store(db)).holder(token) is None
    assert "revoked" in agents("list", "--db", db).stdout
    unknown = agents("revoke", "nobody", "--db", db)
    assert unknown.exit_code == 2 and unknown.stderr.strip() == (
        "error: no agent named 'nobody' in this store; `meeplog agents list` names them"
    )
    bad = agents("add", "two words", "--db", db)
    assert bad.exit_code == 2 and "bad agent name" in bad.stderr
