"""End-of-game scores and the orangutan tie-break of Old Man of the Forest (rulings O2, O13, O16)."""

from meeplog.games.forest.state import ForestState


def game_scores(state: ForestState) -> list[int]:
    """Orangutan points, minus one per card in a pile, minus the Deforestation penalty (ruling O2)."""
    config, data = state.config, state.data
    scores = []
    for seat in range(state.players):
        pile = state.won[seat] + state.under[seat]
        held = sum(1 for card in pile if data.suit(card) == data.deforestation_suit)
        pile_cost = len(pile) if config.deforestation_stacks_with_pile_penalty else len(pile) - held
        counted = state.deforestation_taken[seat] if config.deforestation_penalty_basis == "taken" else held
        points = sum(data.orangutan[o].points for o in state.orangutans[seat])
        scores.append(points - pile_cost - config.deforestation_penalty * counted)
    return scores


def tie_break_key(state: ForestState, seat: int) -> tuple[int, tuple[int, ...]]:
    """Total score, then orangutan points highest first compared in order; a missing card ranks lowest."""
    points = sorted((state.data.orangutan[o].points for o in state.banked_orangutans[seat]), reverse=True)
    return state.banked[seat], tuple(points)
