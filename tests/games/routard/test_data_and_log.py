"""The data file drives the cards, and every event and command reads as a plain line in the log."""

import json
import random
from pathlib import Path

import pytest
from pydantic import ValidationError

from meeplog.core.conformance.playouts import play as random_game
from meeplog.games.routard import commands as cmd
from meeplog.games.routard import events as ev
from meeplog.games.routard.data import DATA_FILE, load
from tests.games.routard.helpers import RULES, bid, on_top, play, travelling


def edited_data(tmp_path: Path, edit) -> Path:
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    edit(raw)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    return path


def job(raw, card_id):
    return next(c for c in raw["decks"]["job"] if c["id"] == card_id)


def test_a_card_is_changed_by_editing_the_data_file(tmp_path):
    def edit(raw):
        job(raw, "JOB-01")["effects"] = [{"kind": "gain_cheques", "count": 3},
                                         {"kind": "next_turn_forced_move", "spaces": 2}]
    state = travelling((0, 40), data_file=str(edited_data(tmp_path, edit)))
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "job", "JOB-01")
    events = play(state, 0, cmd.Walk(1))
    assert ev.ChequesGained(0, 3) in events and ev.InstructionQueued(0, "forced", 2) in events


def test_the_data_file_hash_is_recorded():
    assert RULES.data_hash(RULES.configure(2)).startswith("sha256:")


@pytest.mark.parametrize(("edit", "complaint"), [
    (lambda raw: job(raw, "JOB-01")["effects"].append({"kind": "teleport"}), "unknown effect kind"),
    (lambda raw: job(raw, "JOB-01")["effects"].append({"kind": "gain_money"}), "gain_money takes"),
    (lambda raw: raw["decks"]["achat"][0].update(price=50), "half price"),
    (lambda raw: raw["decks"]["aventure"][0]["effects"][0]["outcomes"].pop(), "every face"),
    (lambda raw: raw["decks"]["job"].pop(), "must hold 25"),
    (lambda raw: raw["board"]["spaces"][0].update(role="intermediaire"), "departure airport"),
])
def test_inconsistent_data_is_refused(tmp_path, edit, complaint):
    with pytest.raises(ValidationError, match=complaint):
        load(edited_data(tmp_path, edit))


def test_the_shipped_data_keeps_its_provenance_tags():
    data = load()
    assert data.provenance["_default"] == "RECON" and "TEXT" in data.provenance["prep_sheet.outcomes.argent_de_poche.4"]
    assert data.prep_sheet.outcomes["argent_de_poche"]["4"].amount == 600


def test_every_event_and_command_of_a_game_has_its_own_log_line():
    for options in ({}, {"express": False, "auto_depart": True, "auction_mode": "ascending"}):
        config = RULES.configure(4, **options)
        playout = random_game(RULES, config, seed=3)
        for item in [*playout.events, *(command for _, command in playout.decisions)]:
            line = RULES.describe(playout.state, item)
            assert line and not line.startswith(type(item).__name__ + "("), item


def test_a_trip_reads_in_the_log():
    state = travelling((9, 40))
    on_top(state, "hebergement", "HEB-19")
    on_top(state, "achat", "ACH-13")
    lines = [RULES.describe(state, e) for e in play(state, 0, cmd.Walk(1))]
    assert lines[:4] == [
        "seat 0 walks 1 space from space 9 (poste restante) to space 10 (achat), paying 0 €",
        "seat 0 draws hebergement card HEB-19 “Pension de famille” (2 cheques)",
        "seat 0 pays the hotel: 2 cheque(s)",
        "seat 0 draws achat card ACH-13 “Boomerang” (160 €)",
    ]
    assert lines[4] == "seat 0 pays 160 € for ACH-13 “Boomerang” (160 €) and keeps it"


def test_the_view_hides_the_draw_piles_and_the_other_sealed_bids():
    state = travelling((40, 41, 42))
    play(state, 0, cmd.OpenSale())
    play(state, 0, cmd.Sell("guide"))
    bid(state, 1, 40)
    mine, theirs = RULES.view(state, 1), RULES.view(state, 2)
    assert mine.auction.own_bid == 40 and theirs.auction.own_bid is None and theirs.auction.decided == [1]
    twin = RULES.sample(state, 2, random.Random(5))
    assert RULES.view(twin, 2) == theirs and twin.draw != state.draw
    assert "draw" not in type(mine).model_fields


def test_config_refuses_bad_options():
    with pytest.raises(ValueError, match="2 to 6"):
        RULES.configure(7)
    with pytest.raises(ValidationError):
        RULES.configure(3, auction_bid_step=15)
