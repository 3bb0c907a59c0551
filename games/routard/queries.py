"""Read-only questions about a Routard state, shared by the kernel, the views and the heuristic."""

from __future__ import annotations

from meeplog.games.routard.data import COLLECTION_DECKS, Element
from meeplog.games.routard.state import HOME, RoutardState


def stack(state: RoutardState, pos: int) -> list[int]:
    """The pawns on a space, bottom first (the bottom one arrived first, §5.10)."""
    here = [seat for seat, p in enumerate(state.players) if p.pos == pos]
    here.sort(key=lambda seat: state.players[seat].height)
    return here


def above(state: RoutardState, seat: int) -> list[int]:
    """The pawns stacked on top of `seat`, bottom first."""
    me = state.players[seat]
    return [s for s in stack(state, me.pos) if state.players[s].height > me.height]


def is_driver(state: RoutardState, seat: int) -> bool:
    """The bottom pawn of a stack of two or more, anywhere but the arrival airport, must carry the others."""
    me = state.players[seat]
    if me.pos in (HOME, state.arrival):
        return False
    return all(p.height > me.height for s, p in enumerate(state.players) if p.pos == me.pos and s != seat) and any(
        p.pos == me.pos for s, p in enumerate(state.players) if s != seat
    )


def stranded(state: RoutardState, seat: int) -> bool:
    """formalites_loss="stranded": a travelling player without formalités cannot move or be carried (R37)."""
    return state.table.formalites_loss == "stranded" and state.players[seat].elements["formalites"] == 0


def group_of(state: RoutardState, driver: int) -> tuple[int, ...]:
    """The passengers a driver carries: the whole stack above him, minus anyone stranded."""
    return tuple(s for s in above(state, driver) if not stranded(state, s))


def assistance_passengers(state: RoutardState, seat: int) -> tuple[int, ...]:
    """Who an assistance move takes along: nobody by default, he moves alone (R29)."""
    if not state.table.assistance_moves_carry_passengers or not is_driver(state, seat):
        return ()
    return group_of(state, seat)


def riders(state: RoutardState, seat: int) -> tuple[int, ...]:
    """Passengers carried this turn still on top of the turn's driver: they follow his card re-moves (R29)."""
    if seat != state.turn or not state.carried:
        return ()
    return tuple(s for s in above(state, seat) if s in state.carried)


def in_scope(state: RoutardState, seat: int) -> bool:
    """Whether other players' cards reach `seat` (R7)."""
    return state.players[seat].travelling or state.config.interplayer_scope == "all"


def others(state: RoutardState, seat: int) -> list[int]:
    """The other players a card's `each` reaches, clockwise from `seat` (R33)."""
    count = state.count
    return [s for s in ((seat + i) % count for i in range(1, count)) if in_scope(state, s)]


def next_travelling(state: RoutardState, seat: int) -> int | None:
    """The next travelling player clockwise (the card counterpart `left`; the fine's beneficiary)."""
    found = others(state, seat)
    return found[0] if found else None


def target(state: RoutardState) -> int:
    return state.table.cards_per_type


def missing(state: RoutardState, seat: int, deck: str) -> int:
    return max(0, target(state) - len(state.players[seat].collection(deck)))


def complete(state: RoutardState, seat: int) -> bool:
    return all(missing(state, seat, deck) == 0 for deck in COLLECTION_DECKS)


def qualifiers(state: RoutardState) -> tuple[int, ...]:
    return tuple(s for s, p in enumerate(state.players) if p.pos == state.arrival and complete(state, s))


def has(state: RoutardState, seat: int, item: str) -> bool:
    player = state.players[seat]
    return (player.tickets if item == "billet_avion" else player.elements[item]) > 0


def may_play(state: RoutardState, seat: int, space_type: str) -> bool:
    """Reportage needs a camera, aventure an équipement (§5.8, R17)."""
    needed = state.table.space_requires.get(space_type)
    return needed is None or state.players[seat].elements[needed] > 0


def doubled(state: RoutardState, seat: int) -> int:
    """Without a guide, hotel cheques and achat prices count double (R14)."""
    return 1 if state.players[seat].elements["guide"] > 0 else 2


def move_cost(state: RoutardState, spaces: int) -> int:
    return state.table.move_costs[spaces] if spaces > 0 else 0


def can_sell(state: RoutardState, seat: int) -> bool:
    player = state.players[seat]
    if not player.travelling:
        return False
    elements = player.elements  # an `or` chain, not `any`: compiled, a generator is an object made on every call
    return bool(player.cheques or player.achat or player.tickets or elements["guide"] or elements["equipement"]
                or elements["appareil_photo"])


def nearest_job_behind(state: RoutardState, seat: int) -> int:
    """Job Assistance's destination (R41, fallback R45)."""
    pos = state.players[seat].pos
    if stranded(state, seat):
        return pos
    found = state.data.job_assistance_target[pos]
    return found if found is not None else _fallback(state, ("job",), pos)


def hotel_assistance_space(state: RoutardState, seat: int) -> int:
    """Hotel Assistance's destination (R44, fallback R45)."""
    pos = state.players[seat].pos
    found = state.data.hotel_assistance_target[pos]
    return found if found is not None else _fallback(state, ("chance", "poste_restante"), pos)


def _fallback(state: RoutardState, types: tuple[str, ...], pos: int) -> int:
    if state.config.assistance_fallback == "first_ahead":
        return state.data.first_ahead(types, pos)
    return 0


def needed_elements(state: RoutardState, seat: int) -> list[Element]:
    """Elements the player lacks and still needs to finish (force_rebuy_needed, R36)."""
    player = state.players[seat]
    wanted: dict[Element, str] = {"guide": "achat", "equipement": "aventure", "appareil_photo": "reportage"}
    return [item for item, deck in wanted.items() if player.elements[item] == 0 and missing(state, seat, deck)]
