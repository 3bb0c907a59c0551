"""Every command and view field of every game says what it means, in the schemas remote seats and bot authors read
(`meeplog schema GAME`, the response schema sent to models): Meeplog's five games and Perudo, the example a
plug-in's author copies, strictly; a plug-in without descriptions is warned by the conformance kit, naming each
field and how to describe it, and still passes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from meeplog.core.cli import app
from meeplog.core.conformance.descriptions import undescribed
from meeplog.core.registry import game_names, load_rules
from meeplog.players.answers import command_schema

ROOT = Path(__file__).resolve().parents[2]
PERUDO = ROOT / "docs" / "examples" / "perudo"


@pytest.mark.parametrize("game", [*game_names(), "perudo"])
def test_every_command_and_view_field_says_what_it_means(game, monkeypatch):
    if game == "perudo":
        monkeypatch.syspath_prepend(str(PERUDO))
        game = "perudo.rules:PerudoRules"
    assert undescribed(load_rules(game)) == []


@pytest.mark.parametrize("game", game_names())
def test_meeplog_schema_prints_a_description_for_every_view_field(game):
    printed = CliRunner().invoke(app, ["schema", game, "--view"])
    assert printed.exit_code == 0, printed.output
    assert _bare(json.loads(printed.output)) == []


@pytest.mark.parametrize("game", game_names())
def test_the_response_schema_sent_to_models_describes_every_command_and_field(game):
    schema = command_schema(type(load_rules(game))).json_schema()
    assert [c["title"] for c in schema["$defs"].values() if not c.get("description")] == []
    assert _bare(schema, ignore=("type", "command")) == []


def test_the_kit_warns_of_a_plug_ins_undescribed_fields_naming_each_and_how_to_describe_it():
    """Pennies (tests/toy.py) describes nothing, as a plug-in written before descriptions: it still passes."""
    warned = _kit_on_pennies()
    assert warned.returncode == 0, warned.stdout[-3000:]
    assert " 1 passed" in warned.stdout and " 1 warning" in warned.stdout
    assert (
        "UndescribedFields: Pennies: 6 commands or fields say nothing of what they mean (command Pick, command "
        "Pick.side, view PenniesView.round, view PenniesView.my_pick" in warned.stdout
    )
    assert "Field(description=" in warned.stdout
    strict = _kit_on_pennies("-W", "error::meeplog.core.conformance.descriptions.UndescribedFields")
    assert strict.returncode == 1 and "1 failed" in strict.stdout


def _kit_on_pennies(*options: str) -> subprocess.CompletedProcess[str]:
    """The kit's description check on Pennies, run as a plug-in's author runs the kit."""
    kit = ["--meeplog-rules", "tests.toy:PenniesRules", "-k", "says_what_it_means", "-p", "no:cacheprovider"]
    return subprocess.run(
        [sys.executable, "-m", "pytest", *kit, "-p", "no:xdist", *options],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _bare(schema: dict[str, Any], ignore: tuple[str, ...] = ()) -> list[str]:
    """The properties of every model in a JSON schema that have no description, as `Model.field`."""
    models = [schema, *schema.get("$defs", {}).values()]
    return [
        f"{model.get('title')}.{name}"
        for model in models
        for name, field in model.get("properties", {}).items()
        if name not in ignore and not field.get("description")
    ]
