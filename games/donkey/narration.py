"""How Donkey events and commands read in a game log: each round's donkey, decisions, reveal and points.

`describe` is given the state just before the event and an event that may be redacted for one seat,
so it reads hidden values only from the event itself, never from the state.
"""

from __future__ import annotations

from meeplog.core.kernel import Command, GameEvent
from meeplog.games.donkey.commands import (
    Accept,
    Commit,
    DeclareFavour,
    Favour4Keep,
    Favour4Swap,
    Favour6Adjust,
    Favour8Keep,
    Favour8Pick,
    Favour8Swap,
    NoFavour,
    Peek,
    Refuse,
)
from meeplog.games.donkey.events import (
    ContractSigned,
    Dealt,
    DonkeyRevealed,
    Favour4Kept,
    Favour4Swapped,
    Favour6Adjusted,
    Favour8Kept,
    Favour8Picked,
    Favour8Swapped,
    FavourDeclared,
    FavourDeclined,
    GameEnded,
    LoadCommitted,
    LoadsRevealed,
    LostDonkeyReturns,
    LostSetAside,
    Peeked,
    RoundEnded,
    RoundScored,
    StubbornBalked,
)
from meeplog.games.donkey.state import DonkeyState

EFFECTS = {
    "normal": "",
    "giant": "",
    "puny": "",
    "precision": "",
    "hasty": "; no favours",
    "holey": "; everyone may peek at one card before deciding",
    "attacked": "; bandits take the highest card(s)",
    "lost": "; its loads are set aside until the deck is done",
    "double": "; two cards each",
    "stubborn": "; it balks if more than half refuse",
    "difficult": "; cards are played in turn, the first and last face up",
    "picky": "; cards of equal value are removed",
}

FAVOURS = {
    2: "decide on the contract last",
    4: "swap a load card with one from hand after the contracts",
    6: "raise or lower the limit after the contracts",
    8: "if right, swap a scored card or pick from the packet",
    10: "peek at half the loads before deciding",
}


def describe(state: DonkeyState, item: GameEvent | Command) -> str:
    match item:
        case Dealt(first_player, _, _):
            hand = state.data.hand
            return (f"{state.data.deck.donkeys_used} donkeys are dealt face down; every seat holds load cards "
                    f"{hand[0]} to {hand[-1]}; seat {first_player} holds the first-player card")
        case DonkeyRevealed():
            return _revealed(state, item)
        case LoadCommitted(seat, cards, face_up):
            side = "face up" if face_up else "face down"
            return f"seat {seat} commits {_cards(cards, state.cards_each)} {side}"
        case LostSetAside():
            return "the lost donkey wanders off with its loads; it comes back after the last donkey"
        case LostDonkeyReturns(number, first_player):
            return (f"round {number}: the lost donkey returns ({_limit_text(state, 'lost', 'lost')}); "
                    f"seat {first_player} starts")
        case FavourDeclared(seat, favour):
            return f"seat {seat} sacrifices its {favour}: favour {favour} ({FAVOURS.get(favour, '')})"
        case FavourDeclined(seat):
            return f"seat {seat} asks no favour"
        case Peeked(seat, target, slot, value):
            seen = f": {value}" if value is not None else ""
            return f"seat {seat} peeks at {_slot_name(state, target, slot)}{seen}"
        case ContractSigned(seat, accept):
            return f"seat {seat} {'accepts' if accept else 'refuses'} the contract"
        case Favour4Swapped(seat, slot, placed, returned, face_up):
            if placed is None:
                which = "its load card" if state.cards_each == 1 else f"its card {slot + 1}"
                return f"seat {seat} swaps {which} for a card from hand (favour 4)"
            side = " face up" if face_up else ""
            return f"seat {seat} swaps its {returned} for the {placed} from hand{side} (favour 4)"
        case Favour4Kept(seat):
            return f"seat {seat} keeps its load (favour 4)"
        case Favour6Adjusted(seat, delta, limit):
            what = "precision threshold" if state.effect == "precision" else "capacity"
            change = "keeps" if delta == 0 else ("raises" if delta > 0 else "lowers")
            return f"seat {seat} {change} the {what}{f' by {abs(delta)}' if delta else ''}: now {limit} (favour 6)"
        case StubbornBalked(_, refusers):
            return (f"the stubborn donkey balks ({len(refusers)} of {state.players} refused): the loads leave the "
                    "game unseen and nobody scores")
        case LoadsRevealed():
            return _loads_revealed(state, item)
        case Favour8Swapped(seat, _, take, gave, took):
            return f"seat {seat} swaps the {gave} it scores for {_slot_name(state, *take)}, a {took} (favour 8)"
        case Favour8Kept(seat):
            return f"seat {seat} keeps what it scores (favour 8)"
        case Favour8Picked(seat, card, value):
            return f"seat {seat} picks {_slot_name(state, *card)}, a {value}, from the packet (favour 8)"
        case RoundScored():
            return _round_scored(item)
        case RoundEnded(_, first_player):
            verb = "keeps" if first_player == state.first else "takes"
            return f"seat {first_player} {verb} the first-player card"
        case GameEnded(scores, cards):
            return _game_ended(scores, cards)
    return _command(state, item)


def _command(state: DonkeyState, item: GameEvent | Command) -> str:
    match item:
        case Commit(cards):
            return f"commit {_cards(cards, len(cards))}"
        case DeclareFavour(favour):
            return f"sacrifice the {favour} for favour {favour}"
        case NoFavour():
            return "ask no favour"
        case Peek(target, slot):
            return f"peek at {_slot_name(state, target, slot)}"
        case Accept():
            return "accept the contract"
        case Refuse():
            return "refuse the contract"
        case Favour4Swap(slot, card):
            return f"swap load card {slot} for the {card} from hand"
        case Favour4Keep():
            return "keep the load"
        case Favour6Adjust(delta):
            return f"change the limit by {delta:+d}"
        case Favour8Swap(give, take):
            return f"swap {_slot_name(state, *give)} for {_slot_name(state, *take)}"
        case Favour8Keep():
            return "keep the scored card"
        case Favour8Pick(target, slot):
            return f"pick {_slot_name(state, target, slot)} from the packet"
    return repr(item)


def _revealed(state: DonkeyState, event: DonkeyRevealed) -> str:
    opening = f"round {event.round}: "
    if event.donkey == "double" and event.plays_as != "double":
        return (f"{opening}a double donkey, the last of the deck, plays as a normal donkey "
                f"({_limit_text(state, 'normal', 'normal')}); seat {state.first} starts")
    text = f"{opening}{_donkey(state, event.donkey, event.plays_as)}; seat {state.first} starts"
    if event.plays_as == "double":
        end = "bottom" if state.config.double_removes_bottom else "top"
        removed = f"a {event.removed} donkey" if event.removed else "unseen"
        text += f"; the {end} donkey of the deck is removed, {removed}"
    return text


def _donkey(state: DonkeyState, donkey: str, effect: str) -> str:
    article = "an" if donkey[0] in "aeiou" else "a"
    return f"{article} {donkey} donkey ({_limit_text(state, effect, effect)}{EFFECTS.get(effect, '')})"


def _limit_text(state: DonkeyState, effect: str, sized_as: str) -> str:
    if effect == "precision":
        return f"no capacity: overloaded if the cards spread over more than {state.data.precision.threshold}"
    return f"capacity {(state.data.kinds[sized_as].capacity_per_player or 0) * state.players}"


def _cards(cards: tuple[int, ...] | None, count: int) -> str:
    if cards is None:
        return "a card" if count == 1 else f"{count} cards"
    return " and ".join(map(str, cards))


def _slot_name(state: DonkeyState, seat: int, slot: int) -> str:
    return f"seat {seat}'s card" if state.cards_each == 1 else f"seat {seat}'s card {slot + 1}"


def _loads_revealed(state: DonkeyState, event: LoadsRevealed) -> str:
    removed = set(event.removed)
    shown = []
    for seat, cards in enumerate(event.cards):
        values = "+".join(f"{value}{' (removed)' if (seat, slot) in removed else ''}"
                          for slot, value in enumerate(cards))
        shown.append(f"seat {seat} {values}")
    over = ">" if event.overloaded else "<="
    test = (f"spread {event.measure} {over} {event.limit}" if state.effect == "precision"
            else f"total {event.measure} {over} capacity {event.limit}")
    verdict = "overloaded" if event.overloaded else "not overloaded"
    return f"reveal: {', '.join(shown)}; {test}: {verdict}"


def _round_scored(event: RoundScored) -> str:
    parts = []
    for seat, (gains, draws) in enumerate(zip(event.gains, event.draws, strict=True)):
        won = list(gains) + list(draws or ())
        if draws is None:
            picked = f"+{sum(gains)} ({', '.join(map(str, gains))}) and " if gains else ""
            parts.append(f"seat {seat} {picked}draws unseen")
        elif won:
            parts.append(f"seat {seat} +{sum(won)} ({', '.join(map(str, won))})")
    return f"round {event.round} points: {'; '.join(parts) if parts else 'nobody scores'}"


def _game_ended(scores: tuple[int, ...], cards: tuple[int, ...]) -> str:
    best = max(zip(scores, cards, strict=True))
    winners = [seat for seat, key in enumerate(zip(scores, cards, strict=True)) if key == best]
    results = ", ".join(f"seat {seat} {score} ({count} card{'' if count == 1 else 's'})" for seat, (score, count)
                        in enumerate(zip(scores, cards, strict=True)))
    won = f"seat {winners[0]} wins" if len(winners) == 1 else f"seats {', '.join(map(str, winners))} share the win"
    return f"final scores: {results}; {won}"
