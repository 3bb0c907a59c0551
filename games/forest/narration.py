"""How the events and commands of Old Man of the Forest read in a log (`meeplog log`, the prompts' feed)."""

from __future__ import annotations

from meeplog.core.kernel import Command, GameEvent
from meeplog.games.forest.commands import CashIn, DeclineTake, PassCash, PlayCard, TakeCard
from meeplog.games.forest.events import (
    CardPlayed,
    CardTaken,
    CashedIn,
    CashPassed,
    Dealt,
    GameScored,
    RoundEnded,
    TakeDeclined,
    TrickRanked,
)
from meeplog.games.forest.state import ForestState


def describe(state: ForestState, item: GameEvent | Command) -> str:
    def name(c: int) -> str:
        return state.data.card_name(c)

    def names(cards: tuple[int, ...]) -> str:
        return ", ".join(map(name, cards)) or "nothing"

    def ape(o: int) -> str:
        info = state.data.orangutan[o]
        return f"{info.id} ({info.points} points)"

    match item:
        case Dealt(game, first, hands, set_aside, display, _):
            held = "".join(f"; seat {seat} holds {names(hand)}" for seat, hand in enumerate(hands) if hand is not None)
            aside = f"; set aside: {names(set_aside)}" if set_aside is not None else ""
            return f"game {game + 1} dealt; seat {first} leads; display: {', '.join(map(ape, display))}{held}{aside}"
        case CardPlayed(seat, c):
            return f"seat {seat} plays {name(c)}"
        case TrickRanked(first, second):
            return f"seat {first} is highest, seat {second} second"
        case CardTaken(seat, c):
            return f"seat {seat} takes {name(c)}"
        case TakeDeclined(seat):
            return f"seat {seat} takes nothing"
        case CashedIn(seat, o, paid, under):
            return f"seat {seat} cashes in {ape(o)} paying {names(paid)}; under it: {names(under)}"
        case CashPassed(seat):
            return f"seat {seat} does not cash in"
        case RoundEnded(number, discarded, refill, leader):
            added = f"; display gains {', '.join(map(ape, refill))}" if refill else ""
            return f"round {number} ends; discarded {names(discarded)}{added}; seat {leader} leads next"
        case GameScored(game, scores):
            return f"game {game + 1} scores: " + ", ".join(f"seat {s}: {v}" for s, v in enumerate(scores))
        case PlayCard(c):
            return f"play {name(c)}"
        case TakeCard(c):
            return f"take {name(c)}"
        case DeclineTake():
            return "take nothing"
        case CashIn(o, paid):
            return f"cash in for {ape(o)}, paying {names(paid)}"
        case PassCash():
            return "do not cash in"
    return repr(item)
