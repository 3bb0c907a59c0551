"""A hand-written policy for Trekking the World, the way a decent traveller plays it.

Points come mostly from destination cards (plus the row's 5 and 3 VP tokens), then souvenir sets, the
Most Souvenirs tiles and region tokens. So the policy:

- walks to a row destination it can pay for once the walk is paid, and visits it at once;
- otherwise walks where the souvenir helps most (a colour its sets lack, a tile it would take, the
  last cube of a region) and that leaves it close to destinations its hand nearly pays for;
- pays a walk with the cards it needs least, keeping the symbols wanted by near, valuable destinations;
- flies when an airport is much closer to what it wants; draws the row cards those destinations want;
- spends a pair on a Journey only when the effects are worth more than the two cards (a discounted
  visit, a move onto a visit, a 3 VP token while any are left, a recolour that completes a set or wins a tile).

It reads only its own hand and the public table: other hands and deck orders are never looked at.
`evaluate` turns scores and prospects into each seat's chance of winning, for searches cut short.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Final

from meeplog.core.evaluation import win_chances
from meeplog.core.kernel import Command
from meeplog.games.trekking.cards import KINDS_PER_SYMBOL, hand_sums, sums_from, symbol_of, total_value, value_of
from meeplog.games.trekking.commands import (
    ChooseStartAirport,
    DrawTrekCard,
    DrawTwo,
    Fly,
    Journey,
    JourneyDraw,
    JourneyFly,
    JourneyMove,
    JourneyVisit,
    MoveTo,
    PayCard,
    Recolor,
    SetOff,
    SkipEffect,
    SkipFly,
    TakeTrekCard,
    TakeVp3,
    Visit,
)
from meeplog.games.trekking.legal import row_token
from meeplog.games.trekking.scoring import score_sheet, set_points
from meeplog.games.trekking.souvenirs import holder_after_gain, holder_by_state
from meeplog.games.trekking.state import ACTION, EFFECT, NO_ONE, TrekState

CARD_WORTH: Final = 1.2  # points a trek card in hand is worth: it pays a link or a symbol later
DRAW_TWO_WORTH: Final = 2.6  # the Draw Two action: two cards, picked with care
TILE_KEEP_CHANCE: Final = 0.7  # how much of a tile's value counts when taking it (it may be stolen back)
PROSPECT_WEIGHT: Final = 0.45  # how much a destination not reachable this turn counts
FLY_MARGIN: Final = 1.5  # how much better an airport's prospect must be to fly (a flight gives up the spot)
WIN_SPREAD: Final = 12.0  # score points of uncertainty in `evaluate`
SEARCH_NODES: Final = 4000  # card sets a payment search looks at, at most (it then plays the best found)
MARGIN: Final = 1e-9  # a bound's slack for rounding: far above it, far below any real difference in worth


class TrekkingHeuristic:
    """The Policy of Trekking the World (meeplog.core.kernel.Policy), plus an evaluation for search."""

    def choose(self, state: TrekState, seat: int, legal: list[Command], rng: random.Random) -> Command:
        first = legal[0]
        if len(legal) == 1:
            return first
        mind = _Mind(state, seat)
        if isinstance(first, (ChooseStartAirport, SkipFly)):
            return mind.airport(legal, rng)
        if isinstance(first, MoveTo):
            return mind.target(legal, rng)
        if isinstance(first, (PayCard, SetOff)):
            return mind.payment()
        if state.phase == ACTION:
            return mind.action(legal)
        if isinstance(first, (TakeTrekCard, DrawTrekCard)):
            return mind.pick(legal)
        if state.phase == EFFECT:
            return mind.effect(legal)
        return rng.choice(legal)

    def evaluate(self, state: TrekState) -> tuple[float, ...]:
        """Each seat's chance of winning: a softmax over its score plus what its hand and position promise.

        Before the deal (start airports still being chosen) nothing tells the seats apart: even chances.
        """
        if not state.dealt:
            return (1 / state.players,) * state.players
        estimates = []
        for seat in range(state.players):
            mind = _Mind(state, seat)
            prospect = mind.prospect(state.position[seat], mind.hand)
            estimates.append(score_sheet(state, seat).total + CARD_WORTH * sum(mind.hand) + prospect)
        return win_chances(estimates, WIN_SPREAD)



class _Mind:
    """One decision's view of the table from `seat`: what it holds, wants and could reach."""

    def __init__(self, state: TrekState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.data = state.data
        self.hand = state.hands[seat]
        self.distance = state.routes.distances
        self.symbols = len(self.data.trek_cards.symbols)
        tokens = self.data.region_tokens.values
        self.token_guess = sum(tokens) / len(tokens)  # a region token's value, unseen
        self.rewards = {card: self._reward(card) for card in self.row_cards()}
        self.demand = self._demand()
        self.worth = [CARD_WORTH + self.demand[symbol_of(kind)] + 0.1 * value_of(kind)
                      for kind in range(len(self.hand))]
        self.searches: dict[tuple[int, ...], PaymentSearch] = {}  # by the cards kept out of the payment
        self.budget = Budget(SEARCH_NODES)  # shared by this decision's payment searches
        self.ends: dict[int, int] = {}  # route length -> the locations it reaches from here, as a bitmask
        self.promises: dict[tuple[int, ...], list[tuple[int, float]]] = {}
        self.colour_values: dict[int, float] = {}

    # --- what the seat wants --------------------------------------------------------------------

    def row_cards(self) -> list[int]:
        return [card for card in self.state.dest_row if card != NO_ONE]

    def reward(self, card: int) -> float:
        return self.rewards[card]

    def _reward(self, card: int) -> float:
        """A row destination's VP plus the token its slot pays now."""
        state = self.state
        return self.data.destination[card].vp + row_token(state, state.dest_row.index(card))

    def _demand(self) -> list[float]:
        """How much each symbol is wanted: by row destinations, more when valuable and near."""
        demand = [0.0] * self.symbols
        here = self.state.position[self.seat]
        if here == NO_ONE:
            return demand
        for card in self.row_cards():
            weight = self.reward(card) / 20 / (1 + self.distance[here][card] / 3)
            for symbol, need in enumerate(self.data.requirements[card]):
                demand[symbol] += need * weight
        return demand

    def utility(self, kind: int) -> float:
        """What keeping one card is worth: its symbol's demand, a little for a high value."""
        return self.worth[kind]

    def covers(self, hand: list[int], card: int) -> bool:
        """Whether `hand` holds the symbols `card` requires."""
        base = 0
        for need in self.data.requirements[card]:
            if need and sum(hand[base:base + 3]) < need:
                return False
            base += 3
        return True

    def coverage(self, hand: list[int], card: int) -> float:
        """The share of `card`'s symbols that `hand` holds."""
        requirement = self.data.requirements[card]
        held = sum(min(need, sum(hand[3 * s:3 * s + 3])) for s, need in enumerate(requirement) if need)
        return held / sum(requirement)

    def prospect(self, where: int, hand: list[int], skip: int = NO_ONE) -> float:
        """The best row destination seen from `where`: its reward, discounted by distance and missing symbols."""
        best = 0.0
        if where != NO_ONE:
            distance = self.distance[where]
            for card, promise in self._promises(hand):
                if card != skip:
                    best = max(best, promise / (1 + distance[card] / 2))
        return PROSPECT_WEIGHT * best

    def _promises(self, hand: list[int]) -> list[tuple[int, float]]:
        """Each row destination's reward scaled by the square of the share of its symbols `hand` holds;
        memoised by hand, as one decision weighs many walks that leave the same hand."""
        key = tuple(hand)
        found = self.promises.get(key)
        if found is None:
            found = self.promises[key] = [(card, reward * self.coverage(hand, card) ** 2)
                                          for card, reward in self.rewards.items()]
        return found

    def cube_value(self, colour: int, location: int) -> float:
        """What picking up this cube is worth: its colour's worth, and the token of the region's last cube."""
        value = self.colour_values.get(colour)
        if value is None:
            value = self.colour_values[colour] = self._colour_value(colour)
        state = self.state
        region = self.data.region_of[location]
        if state.cubes_left[region] == 1 and state.region_taker[region] == NO_ONE:
            value += self.token_guess
        return value

    def _colour_value(self, colour: int) -> float:
        """What one more cube of `colour` is worth: set progress and a tile (memoised per decision)."""
        state, seat = self.state, self.seat
        mine = state.suitcases[seat][:]
        before = set_points(state, mine)
        mine[colour] += 1
        value = 1.0 + (set_points(state, mine) - before)
        if mine[colour] <= min(mine) + 1:
            value += 1.5  # on the way to the next set
        counts = [suitcase[colour] for suitcase in state.suitcases]
        counts[seat] += 1
        holder = state.tile_holder[colour]
        if holder != seat and holder_after_gain(counts, holder, seat, self.data.suitcase.tile_threshold) == seat:
            value += TILE_KEEP_CHANCE * self.data.tile_values(state.players)[colour]
        return value

    def arrival_value(self, location: int, hand: list[int], visit_now: bool) -> float:
        """Ending a walk on `location` with `hand` left: its cube, a visit if paid for, what lies beyond."""
        value = 0.0
        colour = self.state.cubes[location]
        if colour != NO_ONE:
            value += self.cube_value(colour, location)
        visitable = location in self.state.dest_row
        if visit_now and visitable and self.covers(hand, location):
            return value + self.reward(location) + self.prospect(location, hand, skip=location) / 2
        return value + self.prospect(location, hand)

    # --- decisions --------------------------------------------------------------------------------

    def airport(self, legal: list[Command], rng: random.Random) -> Command:
        """Start or fly where the best destination prospect is, when it clearly beats staying."""
        state = self.state
        if not state.dealt:
            return rng.choice(legal)
        options = [(self.prospect(c.airport, self.hand) + rng.random() * 0.01, c) for c in legal
                   if isinstance(c, (ChooseStartAirport, Fly))]
        best_value, best = max(options, key=lambda pair: pair[0])
        if isinstance(legal[0], SkipFly) and best_value < self.prospect(state.position[self.seat], self.hand) \
                + FLY_MARGIN:
            return legal[0]
        return best

    def target(self, legal: list[Command], rng: random.Random) -> Command:
        """The Move target whose arrival is worth most, once the cheapest fitting payment is spent."""
        scored = []
        for command in legal:
            assert isinstance(command, MoveTo)
            kept, cost = self._cheapest_payment(command.target)
            value = self.arrival_value(command.target, kept, visit_now=True) - cost
            scored.append((value + rng.random() * 0.01, command))
        return max(scored, key=lambda pair: pair[0])[1]

    def _cheapest_payment(self, target: int) -> tuple[list[int], float]:
        """The hand left by the least valuable payment of a route to `target`, keeping its symbols if it can."""
        reserve = self._reserve(target) if target in self.state.dest_row else None

        def leads_there(length: int) -> bool:
            return self._leads(length, target)

        for keep in ([tuple(reserve)] if reserve else []) + [()]:
            search = self._search_keeping(keep)
            paid = search.best(hand_sums(search.spendable), leads_there)
            if paid is not None:
                left = self.hand[:]
                for kind in paid:
                    left[kind] -= 1
                return left, sum(self.worth[kind] for kind in paid)
        return self.hand[:], 0.0

    def _leads(self, length: int, target: int) -> bool:
        """Whether a route of `length` links leads from here to `target`; the ends of each short length are
        found together, once a decision, as every Move target asks."""
        state, seat = self.state, self.seat
        routes = state.routes
        if length > routes.table_length:
            return routes.reaches(state.position[seat], state.blocked_for(seat), length, target)
        ends = self.ends.get(length)
        if ends is None:
            ends = self.ends[length] = routes.reach(state.position[seat], state.blocked_for(seat), length)
        return ends >> target & 1 == 1

    def _search_keeping(self, keep: tuple[int, ...]) -> PaymentSearch:
        """The search for the least valuable payment without the `keep` cards; one per decision and `keep`, as
        the Move targets of a decision share it (and, often, their best payment)."""
        search = self.searches.get(keep)
        if search is None:
            spendable = self.hand[:]
            for kind in keep:
                spendable[kind] -= 1
            search = self.searches[keep] = PaymentSearch(self.hand, spendable, self.worth, self.budget,
                                                         gain=_nothing, gain_bound=_nothing)
        return search

    def _reserve(self, card: int) -> list[int] | None:
        """The cards to keep for a visit of `card`: per symbol, the lowest values (values do not matter there)."""
        keep: list[int] = []
        for symbol, need in enumerate(self.data.requirements[card]):
            missing = need
            for kind in range(3 * symbol, 3 * symbol + 3):
                take = min(missing, self.hand[kind])
                keep += [kind] * take
                missing -= take
            if missing:
                return None
        return keep

    def payment(self) -> Command:
        """The next card of the payment that leaves the best hand (the target's symbols kept if it can be
        visited), among those completing the cards already played; SetOff once they are that payment."""
        state, seat, paid = self.state, self.seat, tuple(self.state.paying)
        lowest, total = (paid[-1] if paid else 0), total_value(paid)
        spendable = [count if kind >= lowest else 0 for kind, count in enumerate(self.hand)]
        start, blocked, reaches, heading = state.position[seat], state.blocked_for(seat), state.routes.reaches, \
            state.heading

        def completes(extra: int) -> bool:
            return reaches(start, blocked, total + extra, heading)

        def arrival(left: list[int]) -> float:
            return self.arrival_value(heading, left, visit_now=True)

        def arrival_bound(left: list[int]) -> float:
            """Whether or not `left` covers the heading's card, no hand within it arrives worth more."""
            return max(arrival(left), self.arrival_value(heading, left, visit_now=False))

        search = PaymentSearch(self.hand, spendable, self.worth, self.budget, gain=arrival, gain_bound=arrival_bound)
        best = search.best(sums_from(self.hand, lowest), completes)
        return PayCard(best[0]) if best else SetOff()

    def action(self, legal: list[Command]) -> Command:
        visits = [c for c in legal if isinstance(c, Visit)]
        if visits:
            return min(visits, key=lambda c: sum(self.utility(k) for k in c.paid))
        best: Command = next(c for c in legal if isinstance(c, DrawTwo))
        best_value = DRAW_TWO_WORTH
        for command in legal:
            if isinstance(command, Journey):
                value = self.journey_value(command)
                if value > best_value:
                    best, best_value = command, value
        return best

    def journey_value(self, command: Journey) -> float:
        """What a Journey's effects bring, less the pair it costs."""
        data, state = self.data, self.state
        hand = self.hand[:]
        for paid in command.pair:
            hand[paid] -= 1
        effects = data.journey_effects[data.journey_index[command.journey]]
        value = -sum(self.utility(kind) for kind in command.pair)
        here = state.position[self.seat]
        discount = next((amount for kind, amount in effects if kind == "visit"), None)
        for kind, amount in effects:
            if kind == "visit":
                value += self._discounted_visit(here, hand, amount)
            elif kind == "move":
                value += self._best_free_move(here, amount, hand, discount)
            elif kind == "fly":
                value += max((self.prospect(a, hand) for a in state.free_airports()), default=0.0) \
                    - self.prospect(here, hand)
            elif kind == "draw":
                value += amount * CARD_WORTH
            elif kind == "vp3":
                value += 3 if state.threes_left else 0
            else:
                value += max((gain for gain, _ in self._recolours()), default=0.0)
        return value

    def _discounted_visit(self, where: int, hand: list[int], discount: int) -> float:
        if where not in self.state.dest_row:
            return 0.0
        requirement = self.data.requirements[where]
        missing = sum(max(0, need - sum(hand[3 * s:3 * s + 3])) for s, need in enumerate(requirement))
        return self.reward(where) if missing <= discount else 0.0

    def _best_free_move(self, here: int, most: int, hand: list[int], discount: int | None) -> float:
        best = 0.0
        for target in range(self.data.location_count):
            if 0 < self.distance[here][target] <= most and not self.state.occupied >> target & 1:
                value = self.arrival_value(target, hand, visit_now=False)
                if discount is not None:
                    value += self._discounted_visit(target, hand, discount)
                best = max(best, value)
        return best

    def _recolours(self) -> list[tuple[float, Recolor]]:
        """Each recolour and what it gains in sets and tiles."""
        state, seat = self.state, self.seat
        mine = state.suitcases[seat]
        tile_values = self.data.tile_values(state.players)
        threshold = self.data.suitcase.tile_threshold
        options = []
        for source in range(len(mine)):
            for target in range(len(mine)):
                if source == target or not mine[source]:
                    continue
                after = mine[:]
                after[source] -= 1
                after[target] += 1
                gain = float(set_points(state, after) - set_points(state, mine))
                for colour, change in ((source, -1), (target, 1)):
                    counts = [suitcase[colour] for suitcase in state.suitcases]
                    counts[seat] += change
                    holder = state.tile_holder[colour]
                    new = holder_by_state(counts, holder, threshold)
                    gain += tile_values[colour] * ((new == seat) - (holder == seat))
                options.append((gain, Recolor(source, target)))
        return options

    def pick(self, legal: list[Command]) -> Command:
        """The row card most wanted, unless a blind draw is worth more."""
        best: Command = legal[-1] if isinstance(legal[-1], DrawTrekCard) else legal[0]
        best_value = CARD_WORTH + sum(self.demand) / self.symbols + 0.2 if isinstance(best, DrawTrekCard) else -1.0
        for command in legal:
            if isinstance(command, TakeTrekCard) and self.utility(command.card) > best_value:
                best, best_value = command, self.utility(command.card)
        return best

    def effect(self, legal: list[Command]) -> Command:
        state = self.state
        here = state.position[self.seat]
        effects = self.data.journey_effects[state.journey]
        visit_next = any(k == "visit" for k, _ in effects[state.effect + 1:])
        scored: list[tuple[float, Command]] = [(0.0, SkipEffect())]
        for command in legal:
            match command:
                case JourneyMove(target):
                    value = self.arrival_value(target, self.hand, visit_now=False) - self.prospect(here, self.hand)
                    if visit_next:
                        value += self._discounted_visit(target, self.hand, _amount_after(effects, state.effect))
                    scored.append((value, command))
                case JourneyFly(airport):
                    scored.append((self.prospect(airport, self.hand) - self.prospect(here, self.hand), command))
                case JourneyDraw() | TakeVp3():
                    scored.append((1.0, command))
                case JourneyVisit(paid):
                    scored.append((100.0 - sum(self.utility(k) for k in paid), command))
        scored += [(gain, command) for gain, command in self._recolours() if command in legal]
        return max(scored, key=lambda pair: pair[0])[1]


def _amount_after(effects: tuple[tuple[str, int], ...], index: int) -> int:
    """The discount of the visit effect after effect `index`."""
    return next(amount for kind, amount in effects[index + 1:] if kind == "visit")


def _nothing(_left: list[int]) -> float:
    return 0.0


class Budget:
    """How many more card sets the payment searches of one decision may look at."""

    def __init__(self, nodes: int) -> None:
        self.nodes = nodes


class PaymentSearch:
    """Among the card sets of `spendable` adding up to an accepted total, the one worth most: `gain` of the hand
    it leaves, less its cards' worth (added in kind order, as the policy always summed it).

    A hoarded hand holds millions of such sets (43 s for one decision at 21 cards, in the listing this
    replaces), and a route of each of its totals, which a search of the map answers for long ones. So the
    totals are tried cheapest first (the least worth that makes each is a table), and only those that may
    hold the best set are asked whether they are accepted. Then the sets are searched kind by kind, depth
    first, in the order a list of them all would hold them (fewest of the lowest kind first), and the first
    best set is kept: the one the list gave. A branch is cut when a bound shows that no set in it can beat the
    best set found, or the cheapest set of the cheapest accepted total (read back from the table). The bound is
    `gain_bound` of the hand left so far (which paying more cards never raises), less the worth paid so far
    and the least worth still to pay (a table too). Cut this way a search weighs a few hundred sets; past
    the decision's SEARCH_NODES it stops and plays the best found, so a decision's time is bounded.
    """

    def __init__(self, hand: list[int], spendable: list[int], worth: list[float], budget: Budget, *,
                 gain: Callable[[list[int]], float], gain_bound: Callable[[list[int]], float]) -> None:
        self.budget = budget
        self.spendable = spendable
        self.worth = worth
        self.gain = gain
        self.gain_bound = gain_bound
        self.kinds = [kind for kind, count in enumerate(spendable) if count]
        self.rows: list[list[float]] = [[]]  # [kinds used][total]: the least worth that makes it
        self.orders: dict[tuple[int, ...], list[int]] = {}  # totals, cheapest first
        self.starts: dict[int, tuple[tuple[int, ...], float, float]] = {}  # first total -> cheapest, floor, ceiling
        self.found: dict[frozenset[int], tuple[int, ...]] = {}  # the best set, by the totals accepted
        self.totals: frozenset[int] = frozenset()
        self.top = 0
        self.to_go: list[list[float]] = []
        self.left = hand[:]
        self.chosen: list[int] = []
        self.best_value = -math.inf
        self.best_set: tuple[int, ...] = ()
        self.floor = -math.inf

    def best(self, totals: tuple[int, ...], accepted: Callable[[int], bool]) -> tuple[int, ...] | None:
        """The best set adding up to one of `totals` (ascending, each made by some set) that `accepted`
        takes; None if it takes none. Targets of one decision share the work: the tables, the cheapest set
        of each first total, the best set of each group of totals."""
        if not totals:
            return None
        least = self._least_by_total(totals[-1])
        order = self.orders.get(totals)
        if order is None:
            order = self.orders[totals] = sorted(totals, key=lambda total: least[total])
        wanted: list[int] = []
        start: tuple[tuple[int, ...], float, float] | None = None
        for total in order:  # cheapest first, until no set could beat the floor any more
            if start is not None and least[total] > start[2]:
                break
            if accepted(total):
                wanted.append(total)
                if start is None:
                    start = self._start(total)
        if start is None:
            return None
        cheapest, floor, _ = start
        key = frozenset(wanted)
        found = self.found.get(key)
        if found is None:
            self._aim(key)
            self.floor, self.best_value, self.best_set = floor, -math.inf, cheapest
            self._search(0, 0, 0.0)
            found = self.found[key] = self.best_set if self.best_value >= floor else cheapest
        return found

    def _start(self, first: int) -> tuple[tuple[int, ...], float, float]:
        """For the cheapest accepted total: its cheapest set, that set's value (the floor: the best set is worth
        no less) and the ceiling (no set whose cards are worth more can beat the floor); once per total."""
        start = self.starts.get(first)
        if start is None:
            cheapest = self._cheapest_making(first)
            floor = self._value(cheapest)
            start = self.starts[first] = cheapest, floor, self.gain_bound(self.left) - floor + MARGIN
        return start

    def _least_by_total(self, top: int) -> list[float]:
        """[total]: the least worth of a set making it (inf: none), up to `top`; made once per search, kind
        by kind (`rows` keeps each step, for `_cheapest_making`)."""
        if len(self.rows[-1]) <= top:
            least = [0.0] + [math.inf] * top
            self.rows = [least]
            for kind in self.kinds:
                value, each = kind % KINDS_PER_SYMBOL + 1, self.worth[kind]
                before, least = least, least[:]
                for total in range(top + 1):
                    if before[total] < math.inf:
                        for count in range(1, min(self.spendable[kind], (top - total) // value) + 1):
                            reached = total + count * value
                            least[reached] = min(least[reached], before[total] + count * each)
                self.rows.append(least)
        return self.rows[-1]

    def _cheapest_making(self, total: int) -> tuple[int, ...]:
        """A set of the least worth making `total`, read back from `rows`."""
        chosen: list[int] = []
        for index in range(len(self.kinds), 0, -1):
            kind = self.kinds[index - 1]
            value, each, before = kind % KINDS_PER_SYMBOL + 1, self.worth[kind], self.rows[index - 1]
            count = next(count for count in range(min(self.spendable[kind], total // value) + 1)
                         if before[total - count * value] + count * each == self.rows[index][total])
            chosen += [kind] * count
            total -= count * value
        return tuple(sorted(chosen))

    def _aim(self, totals: frozenset[int]) -> None:
        """Make the table of the least worth still to pay, from each kind and total, to one of `totals`."""
        self.totals, self.top = totals, max(totals)
        top, spendable, worth = self.top, self.spendable, self.worth
        after = [0.0 if total in totals else math.inf for total in range(top + 1)]
        table = [after]
        for kind in reversed(self.kinds):
            value, each = kind % KINDS_PER_SYMBOL + 1, worth[kind]
            row = after[:]
            for total in range(top + 1):
                for count in range(1, min(spendable[kind], (top - total) // value) + 1):
                    row[total] = min(row[total], count * each + after[total + count * value])
            table.append(row)
            after = row
        self.to_go = table[::-1]

    def _value(self, cards: tuple[int, ...]) -> float:
        left = self.left[:]
        for kind in cards:
            left[kind] -= 1
        return self.gain(left) - sum([self.worth[kind] for kind in cards])

    def _search(self, index: int, total: int, paid: float) -> None:
        self.budget.nodes -= 1
        if index == len(self.kinds):
            worth = self.gain(self.left) - paid
            if worth > self.best_value:
                self.best_value, self.best_set = worth, tuple(self.chosen)
            return
        kind = self.kinds[index]
        value, each, after = kind % KINDS_PER_SYMBOL + 1, self.worth[kind], self.to_go[index + 1]
        most = min(self.spendable[kind], (self.top - total) // value)
        for count in range(most + 1):
            if count:
                paid += each
                self.left[kind] -= 1
                self.chosen.append(kind)
            if self.budget.nodes <= 0:
                break
            least = after[total + count * value]
            if least < math.inf and self._may_beat(paid + least):
                self._search(index + 1, total + count * value, paid)
        self.left[kind] += count
        del self.chosen[len(self.chosen) - count:]

    def _may_beat(self, least: float) -> bool:
        """Whether a set paying at least `least` from the hand left so far may beat the best set found."""
        bound = self.gain_bound(self.left) - least + MARGIN
        return bound >= self.floor and bound > self.best_value
