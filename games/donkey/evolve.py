"""Folding one event into the state: the only code that changes a Donkey state (one function per event)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from meeplog.core.kernel import GameEvent
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
from meeplog.games.donkey.loads import bars_players
from meeplog.games.donkey.records import RoundRecord
from meeplog.games.donkey.sampling import forget_public, note_swap
from meeplog.games.donkey.state import (
    CONTRACT,
    END_ROUND,
    FAVOUR,
    LOAD,
    NEXT,
    OVER,
    PICK,
    POST,
    REVEAL,
    SCORE,
    SET_ASIDE,
    SWAP,
    DonkeyState,
)

DOUBLE_FAVOUR_DEFERS: Final = 2  # favour 2: decide last
POST_CONTRACT_FAVOURS: Final = (4, 6)
WINNER_FAVOUR: Final = 8


def evolve(state: DonkeyState, event: GameEvent) -> None:
    apply = _EVOLVE.get(type(event))
    if apply is None:
        raise TypeError(f"not a Donkey event: {event!r}")
    apply(state, event)


def may_declare_more(state: DonkeyState, seat: int) -> bool:
    """Whether the favour limits still let `seat` declare a favour this round (public counts only)."""
    config = state.config
    return (state.favours_used[seat] < config.max_favours_per_game
            and len(state.favours[seat]) < config.max_favours_per_round)


def _dealt(state: DonkeyState, event: Dealt) -> None:
    state.deck = list(event.deck or ())
    state.box = list(event.box or ())
    state.first = state.leader = event.first_player
    state.phase = NEXT


def _new_round(state: DonkeyState, round_number: int, donkey: str, effect: str, sized_as: str) -> None:
    """Reset the round; capacity and cards per player come from the donkey type `sized_as`."""
    players = state.players
    kind = state.data.kinds[sized_as]
    state.round, state.donkey, state.effect = round_number, donkey, effect
    if effect == "precision":
        state.limit = state.data.precision.threshold
    else:
        state.limit = (kind.capacity_per_player or 0) * players
    state.cards_each = kind.cards_per_player
    state.played = [[] for _ in range(players)]
    state.face_up = set()
    state.favours = [[] for _ in range(players)]
    state.contracts = [None] * players
    state.peeks_done = [0] * players
    state.peeks, state.swaps, state.adjustments, state.favour8 = [], [], [], []
    state.post, state.removed_slots, state.right, state.packet = [], [], [], []
    state.overloaded = False
    state.award = {}
    state.queue = []


def _donkey_revealed(state: DonkeyState, event: DonkeyRevealed) -> None:
    state.deck.pop(0)
    if event.plays_as == "double":
        state.removed.append(state.deck.pop() if state.config.double_removes_bottom else state.deck.pop(0))
    state.leader = state.first
    state.returning = False
    _new_round(state, event.round, event.donkey, event.plays_as, event.plays_as)
    state.phase = LOAD
    if event.plays_as == "difficult":
        state.queue = list(state.order())


def _lost_donkey_returns(state: DonkeyState, event: LostDonkeyReturns) -> None:
    _, pile = state.lost.pop(0)
    state.leader = event.first_player
    state.returning = True
    _new_round(state, event.round, "lost", "normal", "lost")
    state.played = [list(ids) for ids in pile]
    _begin_favours(state)


def _load_committed(state: DonkeyState, event: LoadCommitted) -> None:
    seat, cards = event.seat, event.cards or ()
    ids = list(range(state.next_slot, state.next_slot + len(cards)))
    state.next_slot += len(cards)
    hand = state.hands[seat]
    for slot_id, value in zip(ids, cards):
        state.slots[slot_id] = (seat, value)
        hand.remove(value)
        if event.face_up:
            state.face_up.add(slot_id)
            forget_public(state, seat, value)
    state.played[seat] = ids
    if state.queue:
        state.queue.pop(0)
    if all(state.played):
        if state.effect == "lost":
            state.phase = SET_ASIDE
        else:
            _begin_favours(state)


def _begin_favours(state: DonkeyState) -> None:
    """Favours are asked of every seat the public counts allow, whatever its hand (no hand leak)."""
    if state.effect != "hasty":
        state.queue = [seat for seat in state.order() if may_declare_more(state, seat)]
    if state.effect == "hasty" or not state.queue:
        _begin_contracts(state)
    else:
        state.phase = FAVOUR


def _lost_set_aside(state: DonkeyState, event: LostSetAside) -> None:
    _record(state, "set aside")
    state.lost.append((state.leader, tuple(tuple(ids) for ids in state.played)))
    state.played = [[] for _ in range(state.players)]
    state.phase = END_ROUND


def _favour_declared(state: DonkeyState, event: FavourDeclared) -> None:
    seat = event.seat
    state.hands[seat].remove(event.favour)
    state.favours[seat].append(event.favour)
    state.favours_used[seat] += 1
    forget_public(state, seat, event.favour)
    if not may_declare_more(state, seat):
        _next_favour_turn(state)


def _favour_declined(state: DonkeyState, event: FavourDeclined) -> None:
    _next_favour_turn(state)


def _next_favour_turn(state: DonkeyState) -> None:
    state.queue.pop(0)
    if not state.queue:
        _begin_contracts(state)


def _begin_contracts(state: DonkeyState) -> None:
    """Everyone decides clockwise from the first player; favour-2 users last, in the same order (D13)."""
    order = state.order()
    deferred = [seat for seat in order if DOUBLE_FAVOUR_DEFERS in state.favours[seat]]
    state.queue = [seat for seat in order if seat not in deferred] + deferred
    state.phase = CONTRACT


def _peeked(state: DonkeyState, event: Peeked) -> None:
    state.known[event.seat].add(state.played[event.target][event.slot])
    state.peeks_done[event.seat] += 1
    state.peeks.append((event.seat, event.target, event.slot))


def _contract_signed(state: DonkeyState, event: ContractSigned) -> None:
    state.contracts[event.seat] = event.accept
    state.queue.pop(0)
    if state.queue:
        return
    state.post = [(seat, favour) for seat in state.order() for favour in sorted(state.favours[seat])
                  if favour in POST_CONTRACT_FAVOURS]
    state.phase = POST if state.post else REVEAL


def _favour4_swapped(state: DonkeyState, event: Favour4Swapped) -> None:
    seat, placed, returned = event.seat, event.placed or 0, event.returned or 0
    old = state.played[seat][event.slot]
    new = state.next_slot
    state.next_slot += 1
    state.slots[new] = (seat, placed)
    state.played[seat][event.slot] = new
    hand = state.hands[seat]
    hand.remove(placed)
    hand.append(returned)
    hand.sort()
    if event.face_up:
        state.face_up.discard(old)
        state.face_up.add(new)
        forget_public(state, seat, placed)
    note_swap(state, seat, old, new, event.face_up)
    del state.slots[old]  # where that card went is hidden: keep no trace a sample would carry
    state.swaps.append((seat, event.slot))
    _next_post_turn(state)


def _favour4_kept(state: DonkeyState, event: Favour4Kept) -> None:
    _next_post_turn(state)


def _favour6_adjusted(state: DonkeyState, event: Favour6Adjusted) -> None:
    state.limit = event.limit
    state.adjustments.append((event.seat, event.delta))
    _next_post_turn(state)


def _next_post_turn(state: DonkeyState) -> None:
    state.post.pop(0)
    if not state.post:
        state.phase = REVEAL


def _stubborn_balked(state: DonkeyState, event: StubbornBalked) -> None:
    _record(state, "balked")
    for seat, ids in enumerate(state.played):
        state.buried[seat].extend(ids)
    state.played = [[] for _ in range(state.players)]
    state.phase = END_ROUND


def _loads_revealed(state: DonkeyState, event: LoadsRevealed) -> None:
    for seat, ids in enumerate(state.played):
        for slot_id in ids:
            forget_public(state, seat, state.value(slot_id))
    state.removed_slots = [state.slot_id(slot) for slot in event.removed]
    barred = {seat for seat, _ in event.removed} if bars_players(state.effect, state.config) else set()
    overloaded = event.overloaded
    state.overloaded = overloaded
    state.right = [seat for seat in state.order() if seat not in barred and state.contracts[seat] == (not overloaded)]
    kept = [(seat, slot_id) for seat, ids in enumerate(state.played) for slot_id in ids
            if slot_id not in state.removed_slots]
    if overloaded:
        state.packet = [slot_id for _, slot_id in kept]
    else:
        right = set(state.right)
        state.award = {slot_id: seat for seat, slot_id in kept if seat in right}
    state.queue = [seat for seat in state.right if WINNER_FAVOUR in state.favours[seat]]
    state.phase = (PICK if overloaded else SWAP) if state.queue else SCORE


def _favour8_swapped(state: DonkeyState, event: Favour8Swapped) -> None:
    give, take = state.slot_id(event.give), state.slot_id(event.take)
    holder = state.award.get(take)
    state.award[take] = event.seat
    if holder is None:
        del state.award[give]
    else:
        state.award[give] = holder
    state.favour8.append((event.seat, event.give, event.take))
    _next_winner_turn(state)


def _favour8_kept(state: DonkeyState, event: Favour8Kept) -> None:
    state.favour8.append((event.seat, None, None))
    _next_winner_turn(state)


def _favour8_picked(state: DonkeyState, event: Favour8Picked) -> None:
    slot_id = state.slot_id(event.card)
    state.packet.remove(slot_id)
    state.award[slot_id] = event.seat
    state.favour8.append((event.seat, None, event.card))
    _next_winner_turn(state)


def _next_winner_turn(state: DonkeyState) -> None:
    state.queue.pop(0)
    if not state.queue:
        state.phase = SCORE


def _round_scored(state: DonkeyState, event: RoundScored) -> None:
    for seat, (gains, drawn) in enumerate(zip(event.gains, event.draws)):
        state.scored[seat].extend(gains)
        state.scored[seat].extend(drawn or ())
        state.scored[seat].sort()  # a pile is a set of values: no order to leak
    draws = tuple(cards or () for cards in event.draws)
    cards = tuple(tuple(state.value(i) for i in ids) for ids in state.played)
    removed = tuple(state.slot_of(i) for i in state.removed_slots)
    _record(state, "revealed", cards=cards, removed=removed, gains=event.gains, draws=draws)
    state.phase = NEXT if state.returning else END_ROUND


def _record(
    state: DonkeyState,
    ending: str,
    *,
    cards: tuple[tuple[int, ...], ...] | None = None,
    removed: tuple[tuple[int, int], ...] = (),
    gains: tuple[tuple[int, ...], ...] = (),
    draws: tuple[tuple[int, ...], ...] = (),
) -> None:
    state.history.append(RoundRecord(
        round=state.round,
        donkey=state.donkey,
        plays_as=state.effect,
        returning=state.returning,
        leader=state.leader,
        limit=state.limit,
        favours=tuple(map(tuple, state.favours)),
        peeks=tuple(state.peeks),
        contracts=tuple(state.contracts),
        swaps=tuple(state.swaps),
        adjustments=tuple(state.adjustments),
        ending=ending,
        cards=cards,
        removed=removed,
        overloaded=state.overloaded if cards is not None else None,
        favour8=tuple(state.favour8),
        gains=gains,
        draws=draws,
    ))


def _round_ended(state: DonkeyState, event: RoundEnded) -> None:
    state.first = event.first_player
    state.phase = NEXT


def _game_ended(state: DonkeyState, event: GameEnded) -> None:
    state.phase = OVER


_EVOLVE: Final[dict[type, Callable[[DonkeyState, Any], None]]] = {
    Dealt: _dealt,
    DonkeyRevealed: _donkey_revealed,
    LostDonkeyReturns: _lost_donkey_returns,
    LoadCommitted: _load_committed,
    LostSetAside: _lost_set_aside,
    FavourDeclared: _favour_declared,
    FavourDeclined: _favour_declined,
    Peeked: _peeked,
    ContractSigned: _contract_signed,
    Favour4Swapped: _favour4_swapped,
    Favour4Kept: _favour4_kept,
    Favour6Adjusted: _favour6_adjusted,
    StubbornBalked: _stubborn_balked,
    LoadsRevealed: _loads_revealed,
    Favour8Swapped: _favour8_swapped,
    Favour8Kept: _favour8_kept,
    Favour8Picked: _favour8_picked,
    RoundScored: _round_scored,
    RoundEnded: _round_ended,
    GameEnded: _game_ended,
}
