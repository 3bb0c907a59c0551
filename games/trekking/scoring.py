"""Final scores and the souvenir tie-break of Trekking the World (digest 4.11, rulings T17, T30, T31)."""

from __future__ import annotations

from dataclasses import dataclass

from meeplog.core.kernel import Outcome
from meeplog.games.trekking.state import TrekState


@dataclass(frozen=True)
class ScoreSheet:
    """One seat's line of the score pad."""

    destinations: int
    vp_tokens: int
    region_tokens: int
    tiles: int
    sets: int

    @property
    def total(self) -> int:
        return self.destinations + self.vp_tokens + self.region_tokens + self.tiles + self.sets


def set_points(state: TrekState, suitcase: list[int]) -> int:
    """Complete sets (one cube of each colour), at most 4, read off the face's track as one figure (T17)."""
    track = state.data.set_track(state.players)
    sets = min(*suitcase, len(track))
    return track[sets - 1] if sets else 0


def score_sheet(state: TrekState, seat: int) -> ScoreSheet:
    data = state.data
    tile_values = data.tile_values(state.players)
    return ScoreSheet(
        destinations=sum(data.destination[card].vp for card in state.visited[seat]),
        vp_tokens=sum(state.vp_tokens[seat]),
        region_tokens=sum(value for value, taker in zip(state.region_token, state.region_taker, strict=True)
                          if taker == seat),
        tiles=sum(value for value, holder in zip(tile_values, state.tile_holder, strict=True) if holder == seat),
        sets=set_points(state, state.suitcases[seat]),
    )


def outcome(state: TrekState) -> Outcome:
    """Most points wins; ties go to the most souvenir cubes, then the win is shared (T31)."""
    scores = [score_sheet(state, seat).total for seat in range(state.players)]
    keys = [(score, sum(state.suitcases[seat])) for seat, score in enumerate(scores)]
    note = "ties broken by most souvenirs, then shared"
    if state.ended_by_cap:
        note += "; ended_by_cap=True (the round cap, not a rule, ended the game)"
    return Outcome.from_keys(scores, keys, note=note)
