"""The travel-diary log (`describe`) and the data file's validation and counts."""

from __future__ import annotations

import random
import tomllib

import pytest
from pydantic import ValidationError

from meeplog.games.trekking.commands import Journey, MoveTo, PayCard, SkipFly, Visit
from meeplog.games.trekking.data import DATA_FILE, TrekData
from meeplog.games.trekking.events import (
    EndTriggered,
    Flew,
    RegionBonusTaken,
    SouvenirCollected,
    TileChanged,
    TrekCardDrawn,
    TurnEnded,
)
from tests.games.trekking.table import DATA, RULES, card, cards, do, loc, world


def test_a_turn_reads_like_a_travel_diary():
    state = world(["kakadu", "air_eu"], [["SCE-1", "SCE-2", "NAT-3", "ADV-1"], []], cubes={"uluru": "red"})
    lines = []
    for command in (MoveTo(loc("uluru")), PayCard(card("ADV-1")), Visit(cards("SCE-1", "SCE-2", "NAT-3"))):
        lines.append(RULES.describe(state, command))
        lines += [RULES.describe(state, event) for event in do(state, command)]
    assert lines == [
        "trek to Uluru (Ayers Rock) (the hand can pay a route of 1, 3, 5 or 7 links; the shortest route is 1)",
        "Seat 0 announces a trek to Uluru (Ayers Rock).",
        "play adventure 1 for the trek (1 link paid with it)",
        "Seat 0 plays adventure 1 for the trek.",
        "Seat 0 treks 1 link from Kakadu National Park to Uluru (Ayers Rock), playing adventure 1.",
        "At Uluru (Ayers Rock), seat 0 packs a red souvenir.",
        "Seat 0 took the last souvenir of Oceania and pockets its region bonus token (worth 2).",
        "visit Uluru (Ayers Rock) paying scenery 1, scenery 2, nature 3",
        "Seat 0 visits Uluru (Ayers Rock) (17 VP), paying scenery 1, scenery 2, nature 3 and earns a 5 VP token.",
        "Denali joins the destination row; Banff shows on top of the deck.",
        "Seat 0 makes camp for the night (round 1).",
    ]


def test_redacted_events_read_without_their_secrets():
    describe = RULES.describe
    state = world(["kakadu", "air_eu"], [[], []])
    assert describe(state, TrekCardDrawn(1, None)) == "Seat 1 draws a trek card from the deck."
    assert describe(state, RegionBonusTaken(1, 2, None)) == (
        "Seat 1 took the last souvenir of Europe and pockets its region bonus token (its value kept secret).")
    assert describe(state, TileChanged(2, 1, 0)) == "Seat 1 takes the Most Crafts tile from seat 0."
    assert describe(state, TileChanged(2, -1, 0)) == "The Most Crafts tile goes back beside the board."
    assert describe(state, EndTriggered(0, "regions")) == (
        "The end is in sight: five region bonus tokens are gone, and the trip ends when this turn is over.")
    assert describe(state, Flew(0, loc("air_na"), loc("air_oc"))) == (
        "Seat 0 flies from North America airport to Oceania airport.")
    assert describe(state, Journey("A1", cards("ADV-1", "ADV-3"))) == (
        "journey \u201cCatch Me If You Can\u201d spending adventure 1, adventure 3")
    assert describe(state, SouvenirCollected(0, loc("giza"), 3)) == (
        "At Pyramids of Giza, seat 0 packs a white souvenir.")
    assert describe(state, SkipFly()) == "stay on the ground"
    assert describe(state, TurnEnded(1)).startswith("Seat 1 makes camp")


def test_every_event_and_command_of_a_game_has_its_own_line():
    state = RULES.setup(RULES.configure(3), random.Random(8))
    rng = random.Random(8)
    while not RULES.pending(state).over:
        seat = RULES.pending(state).seats[0]
        command = rng.choice(RULES.legal(state, seat))
        assert not RULES.describe(state, command).startswith(type(command).__name__)
        for event in RULES.apply(state, seat, command, rng):
            for seen in (event, event.seen_by((seat + 1) % 3)):
                line = RULES.describe(state, seen)
                assert line and not line.startswith(type(event).__name__), line


def test_the_data_file_holds_the_counts_of_the_sheet():
    assert len(DATA.destination) == 48 and len(DATA.links.pairs) == 79 and len(DATA.airports) == 6
    assert sum(card.vp for card in DATA.destination) == 678
    assert [sum(req[s] for req in DATA.requirements) for s in range(5)] == [24] * 5
    assert len(DATA.trek_deck) == 75 and len(DATA.journey) == 12
    assert [d.marker for d in DATA.destination].count("3+") == 6
    assert DATA.location_names[loc("air_af")] == "Africa airport"


def test_bad_data_is_refused_on_load():
    raw = tomllib.loads(DATA_FILE.read_text())
    raw["links"]["pairs"].append(list(raw["links"]["pairs"][0]))
    with pytest.raises(ValidationError, match="listed twice"):
        TrekData.model_validate(raw)
    raw = tomllib.loads(DATA_FILE.read_text())
    raw["souvenirs"]["removed"]["3"] = [1, 1, 1, 1]
    with pytest.raises(ValidationError, match="cubes for 42 eligible"):
        TrekData.model_validate(raw)
    raw = tomllib.loads(DATA_FILE.read_text())
    raw["journey"][0]["effects"] = ["teleport"]
    with pytest.raises(ValidationError, match="unknown Journey effect"):
        TrekData.model_validate(raw)
