"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012).

Every simulation draws a determinisation with `obs.sample` (the only door to hidden state), walks
the tree from the root with UCT restricted to the moves legal in that determinisation (a move's
availability count replaces the parent's visit count), adds one node, plays the rest out with random
or heuristic moves, and backs up each seat's reward along the path. Nodes hold no state: the
determinised state is replayed through the kernel (`legal`, `apply` on a clone).

Simultaneous decisions are decoupled: at a node where several seats decide together, each seat draws
its own move by Exp3 from its own statistics without knowing the others', and the joint move leads
to the child. Options add an opponent model (`others=rollout`: the other seats play the rollout
policy in the tree too), a progressive bias towards the game's heuristic (`bias`), and playouts cut
after `depth` decisions and scored by the game's evaluation (`evaluate(state)` on its heuristic).
docs/bots-mcts.md explains each and how to tune them.
"""

from __future__ import annotations

import asyncio
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from meeplog.core.draws import choice
from meeplog.core.kernel import Command, Evaluator, Outcome, Policy, Rules
from meeplog.core.players import Need, Observation, Player
from meeplog.players.mcts_options import DEFAULT_SIMS, MctsOptions

Joint = tuple[tuple[int, Command], ...]  # each deciding seat's move, in seat order


class _Node:
    """Statistics of the moves tried here, per (seat, move): [visits, reward sum, availability, Exp3 gain]."""

    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[tuple[int, Command], list[float]] = {}
        self.children: dict[Joint, _Node] = {}


class Search:
    """One decision's search tree, grown one simulation at a time."""

    def __init__(self, rules: Rules[Any, Any], seat: int, sample: Callable[[random.Random], Any],
                 options: MctsOptions, rng: random.Random) -> None:
        self.rules, self.seat, self.sample, self.rng = rules, seat, sample, rng
        # The kernel's calls, bound once: every simulation makes dozens of each.
        self.pending, self.legal, self.apply = rules.pending, rules.legal, rules.apply
        self.c, self.gamma, self.fpu = options.c, options.gamma, options.fpu
        self.model_others = options.others == "rollout"
        self.depth = options.depth if options.depth is not None else math.inf  # playout decisions before evaluate
        policy = rules.heuristic()
        if policy is None and (options.rollout == "heuristic" or options.bias):
            raise ValueError(f"mcts: rollout=heuristic and bias need a heuristic, and {rules.title} has none")
        if options.depth is not None and not isinstance(policy, Evaluator):
            raise ValueError(f"mcts: depth needs the game's evaluation (heuristic().evaluate), "
                             f"and {rules.title} has none")
        self.policy: Policy | None = policy if options.rollout == "heuristic" else None
        self.favourites: Policy | None = policy if options.bias else None
        self.bias = options.bias
        self.evaluate: Callable[[Any], Sequence[float]] | None = None
        if isinstance(policy, Evaluator):
            self.evaluate = policy.evaluate
        self.root = _Node()
        self.simulations = 0

    def run(self, sims: int = DEFAULT_SIMS, seconds: float | None = None) -> None:
        """Simulate `sims` times, or, given `seconds`, until they have passed (at least once)."""
        if seconds is None:
            for _ in range(sims):
                self.simulate()
            return
        deadline = time.perf_counter() + seconds
        self.simulate()
        while time.perf_counter() < deadline:
            self.simulate()

    def best(self, legal: Sequence[Command]) -> Command:
        """The root move of this seat simulated most often (then the better mean, then legal order)."""
        edges = self.root.edges

        def rank(command: Command) -> tuple[float, float]:
            edge = edges.get((self.seat, command))
            return (edge[0], edge[1] / edge[0]) if edge and edge[0] else (0.0, 0.0)

        return max(legal, key=rank)

    def simulate(self) -> None:
        state = self.sample(self.rng)
        node = self.root
        path: list[tuple[_Node, Joint, list[float] | None]] = []
        rewards: Sequence[float]
        while True:
            pending = self.pending(state)
            if pending.over:
                rewards = self._rewards(self.rules.outcome(state))
                break
            joint, chances, modelled = self._decide(node, state, pending.seats)
            for seat, command in sorted(joint + modelled):  # seat order, all chosen from the same state
                self._apply(state, seat, command)
            if not joint:
                continue
            path.append((node, joint, chances))
            child = node.children.get(joint)
            if child is None:
                node.children[joint] = _Node()
                rewards = self._playout(state)
                break
            node = child
        for node, joint, chances in path:
            edges = node.edges
            for index, key in enumerate(joint):
                edge = edges[key]
                reward = rewards[key[0]]
                edge[0] += 1
                edge[1] += reward
                if chances is not None:
                    edge[3] += reward / chances[index]
        self.simulations += 1

    def _decide(self, node: _Node, state: Any, seats: tuple[int, ...]) -> tuple[Joint, list[float] | None, Joint]:
        """The pending seats' moves here: the searched ones from the node's statistics (with their
        Exp3 chances when several decide together), the modelled ones by the playout policy."""
        if self.model_others and seats != (self.seat,):
            modelled = tuple([(seat, self._playout_move(state, seat)) for seat in seats if seat != self.seat])
            seats = (self.seat,) if self.seat in seats else ()
        else:
            modelled = ()
        if len(seats) <= 1:
            return tuple([(seat, self._select(node, state, seat)) for seat in seats]), None, modelled
        mixed = [self._mix(node, state, seat) for seat in seats]
        joint = tuple([(seat, command) for seat, (command, _) in zip(seats, mixed)])
        return joint, [chance for _, chance in mixed], modelled

    def _select(self, node: _Node, state: Any, seat: int) -> Command:
        """The best UCT score among the legal moves, plus the progressive bias on the heuristic's move.

        Without `fpu`, an untried move comes first (the heuristic's before the others); with it, an
        untried move scores `fpu`, so a wide decision with few simulations keeps revisiting the good
        moves it found instead of trying each of many once and keeping the luckiest.
        """
        legal = self.legal(state, seat)
        edges = node.edges
        favourite = None
        if self.favourites is not None and len(legal) > 1:
            favourite = self.favourites.choose(state, seat, legal, self.rng)
        fpu = self.fpu
        found = [edges.get((seat, command)) for command in legal]
        if fpu is None and None in found:
            untried = [command for command, edge in zip(legal, found) if edge is None]
            if favourite is not None and favourite in untried:
                command = favourite
            else:
                command = untried[0] if len(untried) == 1 else choice(self.rng, untried)
            edges[seat, command] = [0, 0.0, 1, 0.0]
            return command
        c, bias, best, best_score, best_tried = self.c, self.bias, legal[0], -math.inf, True
        first_play = fpu if fpu is not None else math.inf  # without fpu, every move here has been tried
        visits: float
        for command, edge in zip(legal, found):
            if edge is None:
                score, visits = first_play, 0.0
            else:
                edge[2] += 1
                visits = edge[0]
                score = edge[1] / visits + c * math.sqrt(math.log(edge[2]) / visits) if visits else math.inf
            if favourite is not None and command == favourite:  # without bias, no dataclass __eq__ per move
                score += bias / (visits + 1)
            if score > best_score:
                best, best_score, best_tried = command, score, edge is not None
        if not best_tried:
            edges[seat, best] = [0, 0.0, 1, 0.0]
        return best

    def _mix(self, node: _Node, state: Any, seat: int) -> tuple[Command, float]:
        """Exp3 for a seat deciding together with others: a move drawn from its own gains, and its chance.

        Each seat's draw depends only on its own statistics, and drawing (rather than UCT's
        deterministic pick) keeps the seats from falling into step with each other, which would let
        one exploit the other's predictable sequence; the mixture tends to an equilibrium.
        """
        legal = self.legal(state, seat)
        edges = node.edges
        gains = []
        for command in legal:
            edge = edges.get((seat, command))
            if edge is None:
                edge = edges[seat, command] = [0, 0.0, 1, 0.0]
            gains.append(edge[3])
        gamma, count = self.gamma, len(legal)
        eta, top = gamma / count, max(gains)
        weights = [math.exp(eta * (gain - top)) for gain in gains]
        scale = (1 - gamma) / sum(weights)
        pick = self.rng.random()
        for command, weight in zip(legal, weights):
            chance = weight * scale + gamma / count
            pick -= chance
            if pick < 0:
                return command, chance
        return legal[-1], chance

    def _playout(self, state: Any) -> Sequence[float]:
        pending, choose, depth = self.pending, self._playout_move, self.depth
        steps = 0
        while True:
            seats = pending(state).seats
            if not seats:
                return self._rewards(self.rules.outcome(state))
            if steps >= depth:
                assert self.evaluate is not None  # a finite depth needs the evaluation (checked in __init__)
                return self.evaluate(state)
            if len(seats) == 1:
                seat = seats[0]
                self._apply(state, seat, choose(state, seat))
            else:  # every move is chosen from the same state, then applied in seat order
                for seat, command in [(seat, choose(state, seat)) for seat in seats]:
                    self._apply(state, seat, command)
            steps += 1

    def _apply(self, state: Any, seat: int, command: Command) -> None:
        self.apply(state, seat, command, self.rng)

    def _playout_move(self, state: Any, seat: int) -> Command:
        legal = self.legal(state, seat)
        if len(legal) == 1:
            return legal[0]
        if self.policy is None:
            return choice(self.rng, legal)
        return self.policy.choose(state, seat, legal, self.rng)

    @staticmethod
    def _rewards(outcome: Outcome) -> list[float]:
        """A sole winner gets 1, tied winners share it, everyone else gets 0."""
        winners = outcome.winners
        share = 1 / len(winners)
        return [share if rank == 1 else 0.0 for rank in outcome.ranks]


class MctsPlayer(Player):
    Options = MctsOptions
    options: MctsOptions
    needs = Need.NOTHING  # it reads the legal commands and draws states with `sample`

    def __init__(self, options: MctsOptions, seed: int) -> None:
        super().__init__(options, seed)
        self.rng = random.Random(options.seed if options.seed is not None else seed)
        self.last_search: Search | None = None

    async def act(self, obs: Observation) -> Command:
        return await asyncio.to_thread(self.choose, obs)

    def choose(self, obs: Observation) -> Command:
        """The search itself, synchronous, for callers that are not in an event loop (benchmarks)."""
        if len(obs.legal) == 1:
            return obs.legal[0]
        options = self.options
        search = Search(obs.rules, obs.seat, obs.sample, options, self.rng)
        search.run(options.budget(len(obs.legal)), options.seconds)
        self.last_search = search
        return search.best(obs.legal)
