"""Souvenir cubes, Most Souvenirs tiles and region bonus tokens (rulings T16-T20, T36), as the events they cause."""

from __future__ import annotations

from meeplog.core.kernel import GameEvent
from meeplog.games.trekking.events import EndTriggered, RegionBonusTaken, SouvenirCollected, TileChanged
from meeplog.games.trekking.state import NO_ONE, TrekState


def arrival_events(state: TrekState, seat: int, location: int) -> list[GameEvent]:
    """A movement ends on `location`: take its cube, then tiles, the region token and the end trigger (T36)."""
    colour = state.cubes[location]
    if colour == NO_ONE:
        return []
    events: list[GameEvent] = [SouvenirCollected(seat, location, colour)]
    counts = [suitcase[colour] for suitcase in state.suitcases]
    counts[seat] += 1
    holder = state.tile_holder[colour]
    new_holder = holder_after_gain(counts, holder, seat, state.data.suitcase.tile_threshold)
    if new_holder != holder:
        events.append(TileChanged(colour, new_holder, holder))
    region = state.data.region_of[location]
    if state.cubes_left[region] == 1 and state.region_taker[region] == NO_ONE:
        events.append(RegionBonusTaken(seat, region, state.region_token[region]))
        taken = sum(1 for taker in state.region_taker if taker != NO_ONE) + 1
        if taken == state.data.end.region_tokens_taken and not state.end_triggered:
            events.append(EndTriggered(seat, "regions"))
    return events


def recolour_events(state: TrekState, seat: int, source: int, target: int) -> list[GameEvent]:
    """The tiles after one of the seat's cubes moved from `source` to `target` (T19)."""
    threshold = state.data.suitcase.tile_threshold
    changes: list[GameEvent] = []
    for colour in (source, target):
        counts = [suitcase[colour] for suitcase in state.suitcases]
        counts[seat] += 1 if colour == target else -1
        holder = state.tile_holder[colour]
        if state.config.tile_recolor_mode == "state_based":
            new_holder = holder_by_state(counts, holder, threshold)
        elif colour == target:
            new_holder = holder_after_gain(counts, holder, seat, threshold)
        else:
            new_holder = holder
        if new_holder != holder:
            changes.append(TileChanged(colour, new_holder, holder))
    return changes


def holder_after_gain(counts: list[int], holder: int, gainer: int, threshold: int) -> int:
    """T18: a held tile passes only to someone with strictly more; an unheld one to a strict leader with enough."""
    mine = counts[gainer]
    if holder == gainer:
        return holder
    if holder != NO_ONE:
        return gainer if mine > counts[holder] else holder
    if mine >= threshold and all(mine > count for other, count in enumerate(counts) if other != gainer):
        return gainer
    return NO_ONE


def holder_by_state(counts: list[int], holder: int, threshold: int) -> int:
    """T19: the holder keeps a tile while it has enough and nobody has more; else a strict leader, else nobody."""
    top = max(counts)
    if holder != NO_ONE and counts[holder] >= threshold and counts[holder] == top:
        return holder
    leaders = [seat for seat, count in enumerate(counts) if count == top]
    return leaders[0] if top >= threshold and len(leaders) == 1 else NO_ONE
