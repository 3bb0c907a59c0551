"""End-of-game scores and the orangutan tie-break of Old Man of the Forest (rulings O2, O13, O16)."""

from meeplog.games.forest.state import ForestState


def game_sheet(state: ForestState, seat: int) -> dict[str, int]:
    """One seat's score of the game being played, by the parts ruling O2 counts: orangutan points, minus one per
    card in a pile, minus the Deforestation penalty."""
    config, data = state.config, state.data
    pile = state.won[seat] + state.under[seat]
    held = sum(1 for card in pile if data.suit(card) == data.deforestation_suit)
    pile_cost = len(pile) if config.deforestation_stacks_with_pile_penalty else len(pile) - held
    counted = state.deforestation_taken[seat] if config.deforestation_penalty_basis == "taken" else held
    return {
        "orangutans": sum(data.orangutan[o].points for o in state.orangutans[seat]),
        "cards in piles": -pile_cost,
        "deforestation": -config.deforestation_penalty * counted,
    }


def game_scores(state: ForestState) -> list[int]:
    """Each seat's score of the game being played (game_sheet's parts added up)."""
    return [sum(game_sheet(state, seat).values()) for seat in range(state.players)]


def score_pad(state: ForestState) -> tuple[dict[str, int], ...]:
    """Each seat's match score by category, once the match is over: the last game's parts, and what the games
    before it banked when the match has more than one."""
    pads = []
    for seat in range(state.players):
        sheet = game_sheet(state, seat)
        if state.config.match_games > 1:
            sheet["earlier games"] = state.banked[seat] - sum(sheet.values())
        pads.append(sheet)
    return tuple(pads)


def tie_break_key(state: ForestState, seat: int) -> tuple[int, tuple[int, ...]]:
    """Total score, then orangutan points highest first compared in order; a missing card ranks lowest."""
    points = sorted((state.data.orangutan[o].points for o in state.banked_orangutans[seat]), reverse=True)
    return state.banked[seat], tuple(points)
