"""The rules kernel of Old Man of the Forest (shared/rules/old-man-of-the-forest.fr.txt and its digest).

Round: everyone plays a card; the highest takes an opponent's card, then the second-highest takes
one of the rest, each able to cash their whole won pile in for an orangutan at the moment they take.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from mypy_extensions import mypyc_attr
from pydantic import BaseModel

from core.draws import shuffle
from core.kernel import GAME_OVER, Command, GameEvent, IllegalCommand, Outcome, Pending, Rules
from games.forest.cashing import affordable, payments
from games.forest.commands import (
    COMMANDS,
    PASS_CASH,
    CashIn,
    DeclineTake,
    PassCash,
    PlayCard,
    TakeCard,
    cash_in,
    play_card,
    take_card,
)
from games.forest.config import ForestConfig
from games.forest.data import DATA
from games.forest.events import (
    EVENTS,
    CardPlayed,
    CardTaken,
    CashedIn,
    CashPassed,
    Dealt,
    GameScored,
    RoundEnded,
    TakeDeclined,
    TrickRanked,
    card_played,
    card_taken,
    cash_passed,
    trick_ranked,
)
from games.forest.heuristic import ForestHeuristic
from games.forest.scoring import game_scores, tie_break_key
from games.forest.state import (
    CASH_FIRST,
    CASH_SECOND,
    HAND_SIZE,
    OVER,
    PLAY,
    ROUNDS,
    TAKE_FIRST,
    TAKE_SECOND,
    ForestState,
)
from games.forest.view import describe, view

EACH_TAKE_ORDER = (TAKE_FIRST, CASH_FIRST, TAKE_SECOND, CASH_SECOND)
BOTH_TAKES_ORDER = (TAKE_FIRST, TAKE_SECOND, CASH_FIRST, CASH_SECOND)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (core/compiled.py), yet open to variants
class ForestRules(Rules[ForestState, ForestConfig]):
    name = "forest"
    title = "Old Man of the Forest"
    version = "1"
    min_players = 3
    max_players = 4
    Config = ForestConfig
    events = EVENTS
    commands = COMMANDS

    def data_hash(self, config: ForestConfig) -> str:
        return DATA.hash(config.data_file)

    # --- setup -------------------------------------------------------------------------------

    def setup(self, config: ForestConfig, rng: random.Random) -> ForestState:
        state = ForestState.empty(config, DATA.load(config.data_file))
        self.evolve(state, _deal(state, 0, rng))
        return state

    # --- who acts, and what they may do --------------------------------------------------------

    def pending(self, state: ForestState) -> Pending:
        seat = _actor(state)
        return GAME_OVER if seat < 0 else Pending.single(seat)

    def legal(self, state: ForestState, seat: int) -> list[Command]:
        if seat != _actor(state):
            return []
        phase = state.phase
        if phase == PLAY:
            return [play_card(card) for card in state.hands[seat]]
        if phase in (TAKE_FIRST, TAKE_SECOND):
            moves: list[Command] = [take_card(card) for card in _takeable(state, seat)]
            if phase == TAKE_SECOND and not state.config.second_must_take:
                moves.append(DeclineTake())
            return moves
        moves = [PASS_CASH]
        won = state.won[seat]
        for orangutan in affordable(state, won):
            moves.extend(cash_in(orangutan, paid) for paid in payments(state, orangutan, won))
        return moves

    # --- decide --------------------------------------------------------------------------------

    def decide(self, state: ForestState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        actor = _actor(state)
        if seat != actor:
            raise IllegalCommand(f"it is not seat {seat}'s turn (waiting for seat {actor})" if actor >= 0
                                 else "the game is over")
        phase = state.phase
        if phase == PLAY and isinstance(command, PlayCard):
            return self._play(state, seat, command.card)
        if isinstance(command, TakeCard) and phase in (TAKE_FIRST, TAKE_SECOND):
            if command.card not in _takeable(state, seat):
                raise IllegalCommand(f"{_name(state, command.card)} cannot be taken: take a card played this "
                                     "round by another player and not taken yet")
            return self._then_close(state, phase, card_taken(seat, command.card), rng)
        if isinstance(command, DeclineTake) and phase == TAKE_SECOND and not state.config.second_must_take:
            return self._then_close(state, phase, TakeDeclined(seat), rng)
        if isinstance(command, CashIn) and phase in (CASH_FIRST, CASH_SECOND):
            return self._then_close(state, phase, self._cash_in(state, seat, command), rng)
        if isinstance(command, PassCash) and phase in (CASH_FIRST, CASH_SECOND):
            return self._then_close(state, phase, cash_passed(seat), rng)
        raise IllegalCommand(f"{type(command).__name__} is not allowed now: {_expected_now(state)}")

    def _play(self, state: ForestState, seat: int, card: int) -> list[GameEvent]:
        if card not in state.hands[seat]:
            raise IllegalCommand(f"{_name(state, card)} is not in your hand")
        played = card_played(seat, card)
        if len(state.trick) + 1 < state.players:
            return [played]
        return [played, trick_ranked(*_top_two(state, [*state.trick, (seat, card)]))]

    def _cash_in(self, state: ForestState, seat: int, command: CashIn) -> CashedIn:
        if command.orangutan not in state.display:
            raise IllegalCommand(f"orangutan {command.orangutan} is not in the display")
        paid = tuple(sorted(command.paid))
        if paid not in payments(state, command.orangutan, state.won[seat]):
            need = ", ".join(state.data.orangutan[command.orangutan].requirement)
            raise IllegalCommand(f"those cards do not pay exactly {need} from your won pile")
        under = tuple(card for card in state.won[seat] if card not in paid)
        return CashedIn(seat, command.orangutan, paid, under)

    def _then_close(self, state: ForestState, phase: str, decision: GameEvent, rng: random.Random) -> list[GameEvent]:
        return [decision, *self._closing(state, phase, decision, rng)]

    def _closing(self, state: ForestState, phase: str, decision: GameEvent, rng: random.Random) -> list[GameEvent]:
        """The events that close the round when `decision`, made in `phase`, was its last one."""
        second_took = isinstance(decision, CardTaken) if phase == TAKE_SECOND else state.took[state.second]
        if _next_phase(state, phase, second_took) is not None:
            return []
        taken = state.taken | {decision.card} if isinstance(decision, CardTaken) else state.taken
        display_size = len(state.display) - isinstance(decision, CashedIn)
        refill = tuple(state.deck[: state.players + 1 - display_size])
        discarded = tuple(card for _, card in state.trick if card not in taken)
        ended = RoundEnded(state.round, discarded, refill, state.first)
        if state.round < ROUNDS:
            return [ended]
        scratch = state.clone()
        self.evolve(scratch, decision)
        self.evolve(scratch, ended)
        events: list[GameEvent] = [ended, GameScored(state.game, tuple(game_scores(scratch)))]
        if state.game + 1 < state.config.match_games:
            events.append(_deal(state, state.game + 1, rng))
        return events

    # --- evolve --------------------------------------------------------------------------------

    def evolve(self, state: ForestState, event: GameEvent) -> None:
        apply = _EVOLVE.get(type(event))
        if apply is None:
            raise TypeError(f"not an Old Man of the Forest event: {event!r}")
        apply(state, event)

    # --- what players may know, and the end ------------------------------------------------------

    def view(self, state: ForestState, seat: int) -> BaseModel:
        return view(state, seat, self.pending(state))

    def outcome(self, state: ForestState) -> Outcome:
        keys = [tie_break_key(state, seat) for seat in range(state.players)]
        return Outcome.from_keys(state.banked, keys, note="ties broken by highest orangutans, then shared")

    def sample(self, state: ForestState, seat: int, rng: random.Random) -> ForestState:
        """Redeal the cards `seat` has not seen among the other hands and the set-aside pile."""
        sampled = state.clone()
        # Shuffle from a canonical (sorted) order, so the draw depends only on what `seat` knows.
        unseen = sorted([card for other, hand in enumerate(state.hands) if other != seat for card in hand]
                        + state.set_aside)
        shuffle(rng, unseen)
        start = 0
        for other, hand in enumerate(sampled.hands):
            if other != seat:
                hand[:] = sorted(unseen[start:start + len(hand)])
                start += len(hand)
        sampled.set_aside = sorted(unseen[start:])
        sampled.deck.sort()
        shuffle(rng, sampled.deck)
        return sampled

    def describe(self, state: ForestState, item: GameEvent | Command) -> str:
        return describe(state, item)

    def heuristic(self) -> ForestHeuristic:
        return ForestHeuristic()


def _name(state: ForestState, card: int) -> str:
    return state.data.card_name(card)


def _actor(state: ForestState) -> int:
    """The one seat that must decide now, or -1 once the game is over."""
    phase = state.phase
    if phase == PLAY:
        return (state.leader + len(state.trick)) % state.players
    if phase == OVER:
        return -1
    return state.first if phase in (TAKE_FIRST, CASH_FIRST) else state.second


def _top_two(state: ForestState, trick: list[tuple[int, int]]) -> tuple[int, int]:
    """The seats of the highest and second-highest cards; equal values rank by play order (ruling O11)."""
    value_of = state.data.value_of
    first = second = -1
    best = runner_up = -1
    for seat, card in trick:
        value = value_of[card]
        if value > best:
            second, runner_up = first, best
            first, best = seat, value
        elif value > runner_up:
            second, runner_up = seat, value
    return first, second


def _takeable(state: ForestState, seat: int) -> list[int]:
    return [card for owner, card in state.trick if owner != seat and card not in state.taken]


def _next_phase(state: ForestState, phase: str, second_took: bool) -> str | None:
    """The decision that follows `phase` this round, skipping the cash-in of a second who took nothing."""
    return _NEXT_PHASE[state.config.cash_timing, phase, second_took]


def _following_phase(order: tuple[str, ...], phase: str, second_took: bool) -> str | None:
    for following in order[order.index(phase) + 1:]:
        if following != CASH_SECOND or second_took:
            return following
    return None


_NEXT_PHASE = {
    (timing, phase, second_took): _following_phase(order, phase, second_took)
    for timing, order in (("after_each_take", EACH_TAKE_ORDER), ("after_both_takes", BOTH_TAKES_ORDER))
    for phase in order
    for second_took in (False, True)
}


def _expected_now(state: ForestState) -> str:
    return {
        PLAY: "play a card from your hand",
        TAKE_FIRST: "take a card another player played",
        TAKE_SECOND: "take one of the remaining cards another player played",
        CASH_FIRST: "cash in for an orangutan or pass",
        CASH_SECOND: "cash in for an orangutan or pass",
    }.get(state.phase, "the game is over")


def _deal(state: ForestState, game: int, rng: random.Random) -> Dealt:
    data, players = state.data, state.players
    first = _draw_for_first_player(state, rng) if state.config.first_player == "card_draw" else rng.randrange(players)
    cards = list(range(data.deck_size))
    rng.shuffle(cards)
    hands = tuple(tuple(sorted(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE])) for i in range(players))
    orangutans = list(range(len(data.orangutan)))
    rng.shuffle(orangutans)
    return Dealt(
        game=game,
        first_player=first,
        hands=hands,
        set_aside=tuple(sorted(cards[players * HAND_SIZE:])),
        display=tuple(orangutans[: players + 1]),
        deck=tuple(orangutans[players + 1:]),
    )


def _draw_for_first_player(state: ForestState, rng: random.Random) -> int:
    """Deal a card to each contender; the highest value starts, ties get another card each."""
    cards = list(range(state.data.deck_size))
    rng.shuffle(cards)
    contenders = list(range(state.players))
    while len(contenders) > 1:
        values = {seat: state.data.value(cards.pop()) for seat in contenders}
        best = max(values.values())
        contenders = [seat for seat in contenders if values[seat] == best]
    return contenders[0]


def _evolve_deal(state: ForestState, event: Dealt) -> None:
    players = state.players
    state.game = event.game
    state.round, state.leader, state.phase = 1, event.first_player, PLAY
    state.hands = [list(hand or ()) for hand in event.hands]
    state.set_aside = list(event.set_aside or ())
    state.display = list(event.display)
    state.deck = list(event.deck or ())
    state.trick, state.taken, state.took = [], set(), [False] * players
    state.first = state.second = -1
    state.won = [[] for _ in range(players)]
    state.orangutans = [[] for _ in range(players)]
    state.under = [[] for _ in range(players)]
    state.deforestation_taken = [0] * players
    state.discard = []


# --- evolve, one function per event (a type lookup is cheaper than a long match on every step) -------


def _card_played(state: ForestState, event: CardPlayed) -> None:
    state.hands[event.seat].remove(event.card)
    state.trick.append((event.seat, event.card))


def _trick_ranked(state: ForestState, event: TrickRanked) -> None:
    state.first, state.second = event.first, event.second
    state.phase = TAKE_FIRST


def _card_taken(state: ForestState, event: CardTaken) -> None:
    seat, card = event.seat, event.card
    state.won[seat].append(card)
    state.taken.add(card)
    state.took[seat] = True
    if state.data.suit_of[card] == state.data.deforestation_suit:
        state.deforestation_taken[seat] += 1
    _advance(state, state.took[state.second])


def _take_declined(state: ForestState, event: TakeDeclined) -> None:
    _advance(state, False)


def _cashed_in(state: ForestState, event: CashedIn) -> None:
    seat = event.seat
    state.display.remove(event.orangutan)
    state.orangutans[seat].append(event.orangutan)
    state.under[seat].extend(event.under)
    state.discard.extend(event.paid)
    state.won[seat] = []
    _advance(state, state.took[state.second])


def _cash_passed(state: ForestState, event: CashPassed) -> None:
    _advance(state, state.took[state.second])


def _advance(state: ForestState, second_took: bool) -> None:
    """Move to the round's next decision; the last one leaves the phase for RoundEnded to reset."""
    state.phase = _next_phase(state, state.phase, second_took) or state.phase


def _round_ended(state: ForestState, event: RoundEnded) -> None:
    state.discard.extend(event.discarded)
    state.display.extend(event.refill)
    del state.deck[: len(event.refill)]
    state.trick.clear()
    state.taken.clear()
    state.took = [False] * state.players
    state.leader, state.first, state.second = event.leader, -1, -1
    state.round += 1
    state.phase = PLAY


def _game_scored(state: ForestState, event: GameScored) -> None:
    for seat, score in enumerate(event.scores):
        state.banked[seat] += score
        state.banked_orangutans[seat].extend(state.orangutans[seat])
    if event.game + 1 == state.config.match_games:
        state.phase = OVER


_EVOLVE: dict[type[GameEvent], Callable[[ForestState, Any], None]] = {
    CardPlayed: _card_played,
    TrickRanked: _trick_ranked,
    CardTaken: _card_taken,
    TakeDeclined: _take_declined,
    CashedIn: _cashed_in,
    CashPassed: _cash_passed,
    RoundEnded: _round_ended,
    GameScored: _game_scored,
    Dealt: _evolve_deal,
}
