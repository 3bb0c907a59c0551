"""The map as a player studies it before the game: every location, its destination card and its links.

A model's prompt carries it beside the rules (Rules.reference), so it can plan a route several moves ahead
and weigh a far destination against a near one, as a player looking at the board does. It is written from
the data file alone, so it is the same for every turn of a game and tells nothing a seat may not know.
"""

from __future__ import annotations

from meeplog.games.trekking.data import TrekData


def map_text(data: TrekData) -> str:
    """One line a location, by region: `12 Denali (20 VP: ADV ADV ADV) - 13 Banff, 17 Statue of Liberty`;
    an airport's line says so. Each link is written on the line of both its ends."""
    names = data.location_names
    lines = [
        "The map. Each location by number (the number commands use), with its destination card's VP and the "
        "symbols a Visit pays, then the locations one link away (links are walked both ways). From an airport you "
        "may fly to any airport with no hiker."
    ]
    for region_index, region in enumerate(data.region):
        lines.append(f"{region.name}:")
        for location in range(data.location_count):
            if data.region_of[location] != region_index:
                continue
            near = ", ".join(f"{neighbour} {names[neighbour]}" for neighbour, _ in data.adjacency[location])
            lines.append(f"{location} {names[location]}{_card(data, location)} - {near}")
    return "\n".join(lines)


def _card(data: TrekData, location: int) -> str:
    if location >= data.destination_count:
        return " (airport)"
    card = data.destination[location]
    return f" ({card.vp} VP: {' '.join(card.requirement)})"
