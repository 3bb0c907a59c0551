"""The end of a Donkey game: a player's score is the value of the cards they scored; a tie goes to the
one with more scored cards, and is shared beyond that (D29)."""

from __future__ import annotations

from meeplog.core.kernel import Outcome
from meeplog.games.donkey.state import DonkeyState


def outcome(state: DonkeyState) -> Outcome:
    scores = [sum(pile) for pile in state.scored]
    keys = [(sum(pile), len(pile)) for pile in state.scored]
    return Outcome.from_keys(scores, keys, note="ties broken by the number of scored cards, then shared (D29)")


def score_pad(state: DonkeyState) -> tuple[dict[str, int], ...]:
    """The rulebook counts one number, the values of the scored load cards; the category also names how many
    cards that is, the tie-break (D29)."""
    return tuple({f"scored load cards ({len(pile)} cards)": sum(pile)} for pile in state.scored)
