"""One readable line per event or command, so a reader can follow every turn and every hike.

Events may come redacted (None where the reader may not look); the line then says "a card".
"""

from __future__ import annotations

from meeplog.core.kernel import Command, GameEvent
from meeplog.games.hike.commands import (
    Abandon,
    Continue,
    Discard,
    Draw,
    Drop,
    EndTurn,
    FinishPacking,
    Join,
    PackCard,
    Pay,
    Place,
    PlayHazard,
    StartHike,
    StayOut,
)
from meeplog.games.hike.events import (
    Abandoned,
    BearCame,
    BlisterCame,
    Busted,
    Continued,
    Dealt,
    Discarded,
    DonePacking,
    Drew,
    Dropped,
    GameEnded,
    HazardPlayed,
    HikeEnded,
    HikeStarted,
    Joined,
    LeaderChanged,
    Matched,
    Packed,
    PackShown,
    Paid,
    Placed,
    RaccoonCame,
    Reshuffled,
    Revealed,
    SkunkCame,
    Skunked,
    StayedOut,
    TrailEnded,
    TurnEnded,
)
from meeplog.games.hike.state import EMPTY, HikeState


class _Words:
    """Names of cards, slots and seats, tolerant of the blanks of redacted events."""

    def __init__(self, state: HikeState) -> None:
        self.cards = state.cards

    def name(self, card: int | None) -> str:
        return "a face-down card" if card is None else self.cards.names[card]

    def boots(self, card: int) -> str:
        return f"{self.cards.names[card]} ({self.cards.boots[card]})"

    def listing(self, items: tuple[int | None, ...]) -> str:
        return ", ".join(self.name(c) for c in items) or "nothing"

    def worth(self, items: tuple[int, ...]) -> int:
        return sum(self.cards.boots[c] for c in items)

    def slot(self, index: int | None) -> str:
        return "a slot" if index is None else self.cards.slot_names[index].replace("_", " ")  # "left hand"

    def pack(self, held: tuple[int | None, ...]) -> str:
        parts = [f"{self.name(c)} ({self.slot(i)})" for i, c in enumerate(held) if c != EMPTY]
        return ", ".join(parts) or "empty"


def _seats(group: tuple[int, ...]) -> str:
    return ", ".join(f"seat {s}" for s in group) or "nobody"


def describe(state: HikeState, item: GameEvent | Command) -> str:
    words = _Words(state)
    if isinstance(item, Command):
        return _command(words, item)
    for lines in (_table_event, _trail_event, _hazard_event):
        line = lines(words, item)
        if line:
            return line
    return repr(item)


def _table_event(w: _Words, event: GameEvent) -> str:
    match event:
        case Dealt(first, hands, _):
            held = "".join(f"; seat {s} holds {w.listing(cards)}" for s, cards in enumerate(hands) if cards is not None)
            return f"{w.cards.deal} cards dealt to each player; seat {first} will play first{held}"
        case Packed(seat, card, where):
            return f"seat {seat} packs {w.name(card)} in {w.slot(where)}" if card is not None \
                else f"seat {seat} packs a card"
        case DonePacking(seat):
            return f"seat {seat} has finished packing"
        case PackShown(seat, held, face_down):
            return f"seat {seat}'s backpack{' (face down)' if face_down else ''}: {w.pack(held)}"
        case Drew(seat, card, left):
            drawn = w.name(card) if card is not None else "a card"
            return f"seat {seat} draws {drawn} ({left} left in the draw pile)"
        case Placed(seat, card, where, returned, _, _):
            back = "" if returned == EMPTY else f", taking {w.name(returned)} back into hand"
            return f"seat {seat} puts {w.name(card)} in {w.slot(where)}{back}"
        case Discarded(seat, card):
            return f"seat {seat} discards {w.name(card)} to get down to the hand limit"
        case HazardPlayed(seat, card):
            return f"seat {seat} plays a {w.name(card)} on everyone else"
        case TurnEnded(seat, following):
            return f"seat {seat}'s turn ends; seat {following} to play"
        case GameEnded(reason, points, banked, rounds, _):
            table = ", ".join(f"seat {s}: {p} boots ({n} cards)"
                              for s, (p, n) in enumerate(zip(points, banked, strict=True)))
            draws = "".join(f"; skunk draw: {_seats(drawers)} draw {w.listing(drawn)}, seat {drawers[-1]} is out"
                            for drawers, drawn in rounds)
            return f"game over ({reason}): {table}{draws}"
    return ""


def _trail_event(w: _Words, event: GameEvent) -> str:
    match event:
        case HikeStarted(seat):
            return f"seat {seat} sets off on a hike as lead hiker"
        case Joined(seat):
            return f"seat {seat} joins the hike"
        case StayedOut(seat):
            return f"seat {seat} stays out of the hike"
        case Reshuffled(_, size):
            return (f"the draw pile is empty: the discard pile ({size} cards) is shuffled into a new one; "
                    "the game ends with this hike")
        case Revealed(card, left):
            what = f"the trail turns up {w.boots(card)}" if w.cards.is_item(card) \
                else f"the trail turns up a {w.name(card)}!"
            return f"{what} ({left} left in the draw pile)"
        case TrailEnded():
            return "no card is left to reveal: every hiker must abandon"
        case Matched(seat, _, card):
            return f"seat {seat} carries the same item ({w.name(card)}) and walks on for free"
        case Paid(seat, distance, _, paid):
            return f"seat {seat} walks {distance}, discarding {w.listing(paid)} ({w.worth(paid)} boots)"
        case Busted(seat, distance, _, lost):
            carried = w.worth(lost)
            return f"seat {seat} cannot walk {distance} ({carried} boots carried): busts, losing {w.listing(lost)}"
        case LeaderChanged(seat):
            return f"seat {seat} now leads the hike"
        case Continued(seat):
            return f"seat {seat} hikes on"
        case Abandoned(seat, taken, _, returned, _):
            banks = f"banks {w.listing(taken)} ({w.worth(taken)} boots)" if taken else "banks nothing"
            return f"seat {seat} abandons and {banks}; takes back into hand: {w.listing(returned)}"
        case HikeEnded(lead, discarded, following, over):
            untaken = f"; untaken revealed cards discarded: {w.listing(discarded)}" if discarded else ""
            after = "the game is over" if over else f"seat {following} to play"
            return f"seat {lead}'s hike is over{untaken}; {after}"
    return ""


def _hazard_event(w: _Words, event: GameEvent) -> str:
    match event:
        case BearCame(_, affected, sprays, _, weights, victims, heaviest, down_to):
            parts = [f"a bear for {_seats(affected)}"]
            if sprays:
                parts.append(f"bear spray keeps it off {_seats(tuple(s for s, _ in sprays))}")
            if weights:
                parts.append("weights " + ", ".join(f"seat {s}: {n}" for s, n in weights))
            if not victims:
                parts.append("it finds nothing and leaves")
            elif heaviest:
                parts.append(f"{_seats(victims)} must drop their heaviest card")
            else:
                parts.append(f"seat {victims[0]} must drop cards until carrying {down_to} boots or less")
            return "; ".join(parts)
        case BlisterCame(_, affected, socks, _, victims):
            guarded = f"; socks protect {_seats(tuple(s for s, _ in socks))}" if socks else ""
            return f"a blister for {_seats(affected)}{guarded}; {_seats(victims)} must drop their heaviest card"
        case SkunkCame(_, affected, victims, ends_hike):
            end = "; the hike is over" if ends_hike else ""
            return f"a skunk for {_seats(affected)}: {_seats(victims)} each drop a card and unpack the rest{end}"
        case RaccoonCame(_, affected, victims, taken, thief):
            fate = "discards" if thief < 0 else f"loses to seat {thief}"
            losses = "; ".join(f"seat {v} {fate} {w.name(c) if c is not None else 'a card'}"
                               for v, c in zip(victims, taken, strict=True))
            return f"a raccoon raids {_seats(affected)}: {losses or 'no hand to raid'}"
        case Dropped(seat, where, card, cause):
            return f"seat {seat} loses {w.name(card)} from {w.slot(where)} to the {cause}"
        case Skunked(seat, card, _, _, returned, _):
            unpacked = tuple(c for c in returned if c != EMPTY)
            return f"seat {seat} discards {w.name(card)} to the skunk and unpacks {w.listing(unpacked)}"
    return ""


def _command(w: _Words, command: Command) -> str:
    match command:
        case PackCard(card, where):
            return f"pack {w.name(card)} in {w.slot(where)}"
        case Draw():
            return "draw a card"
        case Place(card, where):
            return f"put {w.name(card)} in {w.slot(where)}"
        case PlayHazard(card):
            return f"play a {w.name(card)}"
        case Discard(card):
            return f"discard {w.name(card)}"
        case Drop(card):
            return f"drop {w.name(card)} from the backpack"
        case Pay(paid):
            return f"pay with {w.listing(paid)} ({w.worth(paid)} boots)"
        case Abandon(take):
            return "abandon" + (f", taking {w.name(take)}" if take is not None else "")
    return _PLAIN.get(type(command), repr(command))


_PLAIN: dict[type, str] = {
    FinishPacking: "finish packing",
    StartHike: "go on a hike",
    EndTurn: "end the turn",
    Join: "join the hike",
    StayOut: "stay out of the hike",
    Continue: "hike on",
}
