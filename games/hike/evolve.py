"""Folding events into the state: the only code that changes a HikeState. It never draws randomness."""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Any, Final

from meeplog.core.kernel import GameEvent
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
from meeplog.games.hike.packs import is_empty, weight
from meeplog.games.hike.state import (
    DECIDE,
    DOWN,
    EMPTY,
    END,
    ENDING,
    HAND,
    HAZARD,
    HEAVY,
    HIKE,
    JOIN,
    MEET,
    OVER,
    REVEAL,
    SETUP,
    SMELL,
    TURN,
    HikeState,
    Task,
)

LAST_DRAW: Final = "the last card of the draw pile was drawn"
LAST_HIKE: Final = "the hike that emptied the draw pile is over"


def evolve(state: HikeState, event: GameEvent) -> None:
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"not a Let's Take a Hike event: {event!r}")
    handler(state, event)


# --- hands and what everybody knows about them -------------------------------------------------------

def _forget(known: list[int], card: int) -> None:
    """A card left the hand in plain sight: if it was a known one, that knowledge is used up."""
    if card in known:
        known.remove(card)


def _forget_unseen(known: list[int]) -> None:
    """An unseen card left the hand: it may have been any known one, so one copy of each is in doubt."""
    kept = [card for i, card in enumerate(known) if i + 1 < len(known) and known[i + 1] == card]
    known[:] = kept


def _check_hand_limit(state: HikeState, seat: int) -> None:
    """Over the limit, the owner discards at once, before anything else happens (H26)."""
    if len(state.hands[seat]) > state.hand_limit and (not state.tasks or state.tasks[0] != (HAND, seat, 0)):
        state.tasks.insert(0, (HAND, seat, 0))


def _to_hand(state: HikeState, seat: int, slots: tuple[int, ...], cards: tuple[int | None, ...],
             secret: tuple[int, ...]) -> None:
    for slot, card in zip(slots, cards):
        assert card is not None, "evolve needs the true event"
        state.packs[seat][slot] = EMPTY
        state.face_up[seat][slot] = False
        insort(state.hands[seat], card)
        if slot not in secret:
            insort(state.known[seat], card)


def _empty_slot(state: HikeState, seat: int, slot: int) -> int:
    card = state.packs[seat][slot]
    state.packs[seat][slot] = EMPTY
    state.face_up[seat][slot] = False
    return card


# --- setup and turns ------------------------------------------------------------------------------------

def _dealt(state: HikeState, e: Dealt) -> None:
    state.first_player = state.current = e.first_player
    state.hands = [sorted(hand or ()) for hand in e.hands]
    state.draw = list(e.draw or ())
    state.phase = SETUP


def _packed(state: HikeState, e: Packed) -> None:
    assert e.card is not None and e.slot is not None, "evolve needs the true event"
    state.hands[e.seat].remove(e.card)
    state.packs[e.seat][e.slot] = e.card


def _done_packing(state: HikeState, e: DonePacking) -> None:
    state.packing_done[e.seat] = True


def _pack_shown(state: HikeState, e: PackShown) -> None:
    state.pack_shown[e.seat] = True
    if all(state.pack_shown):
        _begin_turn(state, state.first_player)


def _begin_turn(state: HikeState, seat: int) -> None:
    state.phase = TURN
    state.current = seat
    state.actions_left = state.config.actions_per_turn


def _drew(state: HikeState, e: Drew) -> None:
    assert e.card is not None, "evolve needs the true event"
    state.draw.pop()
    insort(state.hands[e.seat], e.card)
    state.actions_left -= 1
    if not state.draw and state.config.end_on_last_draw == "immediate":
        _finish(state, LAST_DRAW)
    else:
        _check_hand_limit(state, e.seat)


def _placed(state: HikeState, e: Placed) -> None:
    seat, card, slot = e.seat, e.card, e.slot
    assert card is not None and slot is not None and e.returned is not None, "evolve needs the true event"
    state.hands[seat].remove(card)
    if e.face_down:
        _forget_unseen(state.known[seat])
    else:
        _forget(state.known[seat], card)
    if e.returned != EMPTY:
        insort(state.hands[seat], e.returned)
        if not e.face_down or e.returned_face_up:
            insort(state.known[seat], e.returned)
    state.packs[seat][slot] = card
    state.face_up[seat][slot] = False
    state.actions_left -= 1


def _discarded(state: HikeState, e: Discarded) -> None:
    state.hands[e.seat].remove(e.card)
    _forget(state.known[e.seat], e.card)
    state.discard.append(e.card)
    if len(state.hands[e.seat]) <= state.hand_limit:
        state.tasks.pop(0)


def _hazard_played(state: HikeState, e: HazardPlayed) -> None:
    state.hands[e.seat].remove(e.card)
    _forget(state.known[e.seat], e.card)
    state.actions_left -= 1
    others = [seat for seat in range(state.players) if seat != e.seat]
    state.hazard = (e.card, e.seat, tuple(state.clockwise(e.seat, others)))


def _turn_ended(state: HikeState, e: TurnEnded) -> None:
    if state.draw:
        _begin_turn(state, e.next_seat)
    else:
        _finish(state, LAST_DRAW)


def _finish(state: HikeState, reason: str) -> None:
    state.phase = ENDING
    state.end_reason = reason
    state.tasks.clear()


def _game_ended(state: HikeState, e: GameEnded) -> None:
    state.phase = OVER
    state.eliminated = list(e.eliminated)


# --- the hike ---------------------------------------------------------------------------------------------

def _hike_started(state: HikeState, e: HikeStarted) -> None:
    state.phase = HIKE
    state.leader = e.seat
    state.hikers = [e.seat]
    others = [seat for seat in range(state.players) if seat != e.seat and not is_empty(state.packs[seat])]
    state.queue = state.clockwise(e.seat, others)
    state.pool = []
    state.step = JOIN if state.queue else REVEAL


def _joined(state: HikeState, e: Joined) -> None:
    state.hikers.append(e.seat)
    _answered_join(state)


def _stayed_out(state: HikeState, e: StayedOut) -> None:
    _answered_join(state)


def _answered_join(state: HikeState) -> None:
    state.queue.pop(0)
    if not state.queue:
        state.step = REVEAL


def _reshuffled(state: HikeState, e: Reshuffled) -> None:
    assert e.order is not None, "evolve needs the true event"
    state.draw = list(e.order)
    state.discard = []
    state.reshuffled = True
    state.ends_game = True


def _revealed(state: HikeState, e: Revealed) -> None:
    state.draw.pop()
    if not state.draw:
        state.ends_game = True
    walkers = state.clockwise(state.leader, state.hikers)
    if state.cards.is_item(e.card):
        state.pool.append(e.card)
        state.revealed = e.card
        state.step = MEET
        state.queue = walkers
    else:
        state.hazard = (e.card, -1, tuple(walkers))
        state.step = HAZARD


def _trail_ended(state: HikeState, e: TrailEnded) -> None:
    state.trail_ended = True
    state.ends_game = True
    _start_decisions(state)


def _start_decisions(state: HikeState) -> None:
    """H4: clockwise from the current leader (or the seat after a leader who just left)."""
    state.revealed = EMPTY
    if state.hikers:
        state.step = DECIDE
        state.queue = state.clockwise(state.leader, state.hikers)
    else:
        state.step = END
        state.queue = []


def _met(state: HikeState) -> None:
    state.queue.pop(0)
    if not state.queue:
        _start_decisions(state)


def _matched(state: HikeState, e: Matched) -> None:
    state.face_up[e.seat][e.slot] = True
    _met(state)


def _paid(state: HikeState, e: Paid) -> None:
    for slot in e.slots:
        _empty_slot(state, e.seat, slot)
    state.discard.extend(e.cards)
    if state.config.hidden_backpacks:
        state.lacks[e.seat].append(state.revealed)
    _met(state)


def _busted(state: HikeState, e: Busted) -> None:
    for slot in e.slots:
        _empty_slot(state, e.seat, slot)
    state.discard.extend(e.cards)
    state.hikers.remove(e.seat)
    state.lacks[e.seat] = []
    _met(state)


def _leader_changed(state: HikeState, e: LeaderChanged) -> None:
    state.leader = e.seat


def _continued(state: HikeState, e: Continued) -> None:
    _decided(state)


def _abandoned(state: HikeState, e: Abandoned) -> None:
    seat = e.seat
    for card in e.taken:
        state.pool.remove(card)
        state.scores[seat].append(card)
    state.hikers.remove(seat)
    _to_hand(state, seat, e.slots, e.returned, e.secret_slots)
    state.lacks[seat] = []
    _decided(state)
    _check_hand_limit(state, seat)


def _decided(state: HikeState) -> None:
    state.queue.pop(0)
    if not state.queue:
        state.step = REVEAL if state.hikers else END


def _hike_ended(state: HikeState, e: HikeEnded) -> None:
    state.discard.extend(e.discarded)
    state.pool = []
    state.hikers = []
    state.queue = []
    state.step = ""
    state.leader = -1
    state.revealed = EMPTY
    state.trail_ended = False
    state.ends_game = False
    state.lacks = [[] for _ in range(state.players)]
    if e.game_over:
        _finish(state, LAST_HIKE)
    else:
        _begin_turn(state, e.next_seat)


# --- hazards ----------------------------------------------------------------------------------------------

def _hazard_resolved(state: HikeState, card: int, tasks: list[Task], ends_hike: bool = False) -> None:
    state.discard.append(card)
    state.hazard = None
    state.tasks.extend(tasks)
    if state.phase == HIKE:
        if ends_hike:
            state.step = END
            state.queue = []
        else:
            _start_decisions(state)


def _turn_up(state: HikeState, shown: tuple[tuple[int, tuple[int, ...]], ...],
             guards: tuple[tuple[int, int], ...]) -> None:
    for seat, slot in guards:
        state.face_up[seat][slot] = True
    for seat, pack in shown:
        for slot, card in enumerate(pack):
            if card != EMPTY:
                state.face_up[seat][slot] = True


def _bear_came(state: HikeState, e: BearCame) -> None:
    _turn_up(state, e.shown, e.sprays)
    task = (HEAVY, e.card) if e.each_drops_heaviest else (DOWN, e.down_to)
    _hazard_resolved(state, e.card, [(task[0], victim, task[1]) for victim in e.victims])


def _blister_came(state: HikeState, e: BlisterCame) -> None:
    _turn_up(state, e.shown, e.socks)
    _hazard_resolved(state, e.card, [(HEAVY, victim, e.card) for victim in e.victims])


def _skunk_came(state: HikeState, e: SkunkCame) -> None:
    _hazard_resolved(state, e.card, [(SMELL, victim, 0) for victim in e.victims], ends_hike=e.ends_hike)


def _raccoon_came(state: HikeState, e: RaccoonCame) -> None:
    for victim, card in zip(e.victims, e.cards):
        assert card is not None, "evolve needs the true event"
        state.hands[victim].remove(card)
        if e.thief < 0:
            _forget(state.known[victim], card)
            state.discard.append(card)
        else:
            _forget_unseen(state.known[victim])
            insort(state.hands[e.thief], card)
    _hazard_resolved(state, e.card, [])
    if e.thief >= 0:
        _check_hand_limit(state, e.thief)


def _dropped(state: HikeState, e: Dropped) -> None:
    state.discard.append(_empty_slot(state, e.seat, e.slot))
    kind, seat, target = state.tasks[0]
    pack = state.packs[seat]
    if kind == HEAVY or is_empty(pack) or weight(state.cards, pack) <= target:
        state.tasks.pop(0)


def _skunked(state: HikeState, e: Skunked) -> None:
    assert e.slot is not None, "evolve needs the true event"
    state.discard.append(_empty_slot(state, e.seat, e.slot))
    kept = [(slot, card) for slot, card in zip(e.slots, e.returned) if slot != e.slot]
    _to_hand(state, e.seat, tuple(s for s, _ in kept), tuple(card for _, card in kept), e.secret_slots)
    state.tasks.pop(0)
    _check_hand_limit(state, e.seat)


_HANDLERS: Final[dict[type, Callable[[HikeState, Any], None]]] = {
    Dealt: _dealt,
    Packed: _packed,
    DonePacking: _done_packing,
    PackShown: _pack_shown,
    Drew: _drew,
    Placed: _placed,
    Discarded: _discarded,
    HazardPlayed: _hazard_played,
    TurnEnded: _turn_ended,
    GameEnded: _game_ended,
    HikeStarted: _hike_started,
    Joined: _joined,
    StayedOut: _stayed_out,
    Reshuffled: _reshuffled,
    Revealed: _revealed,
    TrailEnded: _trail_ended,
    Matched: _matched,
    Paid: _paid,
    Busted: _busted,
    LeaderChanged: _leader_changed,
    Continued: _continued,
    Abandoned: _abandoned,
    HikeEnded: _hike_ended,
    BearCame: _bear_came,
    BlisterCame: _blister_came,
    SkunkCame: _skunk_came,
    RaccoonCame: _raccoon_came,
    Dropped: _dropped,
    Skunked: _skunked,
}
