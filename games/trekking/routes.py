"""Where a hiker can end a route of exactly L links (rulings T10-T15), answered from tables built once per map.

A route is a trail (no link used twice; locations may repeat, the start included) or, with
`move_path="simple_path"`, a path that repeats no location. Other hikers block every location of a
route after its start, its end included (T12), so whether a route to `end` exists depends only on the
locations it crosses. The tables keep, for every start, length up to TABLE_LENGTH and end, the minimal
sets of crossed locations (as bitmasks): a route avoids the blocked locations exactly when one of those
sets does. Longer routes, which only big hands can pay for, are found by an exact depth-first search.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache, cached_property
from typing import Final

TABLE_LENGTH: Final = 12
LONG_CACHE_LIMIT: Final = 200_000

Adjacency = tuple[tuple[tuple[int, int], ...], ...]  # per location: (neighbour, link index) pairs


class Routes:
    """Route tables for one map and one path rule; bitmasks have bit i for location i."""

    def __init__(self, adjacency: Adjacency, simple: bool, table_length: int = TABLE_LENGTH) -> None:
        self.adjacency = adjacency
        self.simple = simple
        self.table_length = table_length
        self.size = len(adjacency)
        self._free: list[tuple[int, ...]] = []  # [start][length] -> ends reachable with nobody in the way
        self._relevant: list[tuple[int, ...]] = []  # [start][length] -> locations some minimal route crosses
        self._sets: list[tuple[dict[int, tuple[int, ...]], ...]] = []  # [start][length] -> end -> minimal sets
        self._spoils: list[tuple[tuple[int, ...], ...]] = []  # [start][length][location] -> ends it may cut off
        self._long_cache: dict[tuple[int, int, int, int], bool] = {}
        self._bytes = tuple(  # [k][byte] -> the locations 8k.. whose bits the byte sets
            tuple(tuple(8 * k + bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
            for k in range((self.size + 7) // 8)
        )
        for start in range(self.size):
            self._tabulate(start)

    def __eq__(self, other: object) -> bool:
        """The same tables when made from the same map and rule (a state's copy in another process)."""
        if not isinstance(other, Routes):
            return NotImplemented
        return (self.adjacency, self.simple, self.table_length) == (other.adjacency, other.simple, other.table_length)

    def __hash__(self) -> int:
        return hash((self.adjacency, self.simple, self.table_length))

    def __reduce__(self) -> tuple[Callable[[Adjacency, bool, int], Routes], tuple[Adjacency, bool, int]]:
        """Pickled as what it is made from: the tables are big, and made once per process on the other side."""
        return routes_for, (self.adjacency, self.simple, self.table_length)

    # --- building the tables --------------------------------------------------------------------

    def _tabulate(self, start: int) -> None:
        found: list[dict[int, set[int]]] = [{} for _ in range(self.table_length + 1)]
        adjacency, limit, simple = self.adjacency, self.table_length, self.simple

        def walk(node: int, used: int, length: int, crossed: int) -> None:
            if length:
                found[length].setdefault(node, set()).add(crossed)
            if length == limit:
                return
            for neighbour, link in adjacency[node]:
                if simple:
                    if neighbour == start or crossed >> neighbour & 1:
                        continue
                elif used >> link & 1:
                    continue
                walk(neighbour, used | 1 << link, length + 1, crossed | 1 << neighbour)

        walk(start, 0, 0, 0)
        own = ~(1 << start)
        free, relevant, spoils = [0], [0], [(0,) * self.size]
        sets: list[dict[int, tuple[int, ...]]] = [{}]
        for by_end in found[1:]:
            minimal_by_end = {
                end: _minimal({crossed & own for crossed in crossings})
                for end, crossings in sorted(by_end.items()) if end != start
            }
            free.append(sum(1 << end for end in minimal_by_end))
            relevant.append(_union(m for group in minimal_by_end.values() for m in group))
            sets.append(minimal_by_end)
            spoil = [0] * self.size
            for end, minimal in minimal_by_end.items():
                for location in self.locations(minimal[0]):
                    spoil[location] |= 1 << end
            spoils.append(tuple(spoil))
        self._free.append(tuple(free))
        self._relevant.append(tuple(relevant))
        self._sets.append(tuple(sets))
        self._spoils.append(tuple(spoils))

    # --- queries --------------------------------------------------------------------------------

    def reach(self, start: int, blocked: int, length: int) -> int:
        """The ends of routes of exactly `length` links from `start` that avoid the `blocked` locations.

        An end whose smallest crossing set avoids the blocked locations is reached; only the few others
        (looked up per blocked location in `_spoils`) need their other minimal sets checked.
        """
        if length > self.table_length:
            return sum(1 << end for end in range(self.size) if self._long_reaches(start, blocked, length, end))
        if length <= 0:
            return 0
        blocked &= self._relevant[start][length]
        free = self._free[start][length]
        if not blocked:
            return free
        spoils = self._spoils[start][length]
        spoiled = 0
        rest = blocked
        while rest:
            low = rest & -rest
            spoiled |= spoils[low.bit_length() - 1]
            rest ^= low
        free &= ~blocked
        found = free & ~spoiled
        doubtful = free & spoiled
        if doubtful:
            sets = self._sets[start][length]
            while doubtful:
                low = doubtful & -doubtful
                doubtful ^= low
                for crossed in sets[low.bit_length() - 1]:
                    if not crossed & blocked:
                        found |= low
                        break
        return found

    def reaches(self, start: int, blocked: int, length: int, end: int) -> bool:
        """Whether some route of exactly `length` links leads from `start` to `end` past no blocked location."""
        if length > self.table_length:
            return self._long_reaches(start, blocked, length, end)
        if length <= 0 or blocked >> end & 1:
            return False
        for crossed in self._sets[start][length].get(end, ()):  # noqa: SIM110 (faster than any() on a hot path)
            if not crossed & blocked:
                return True
        return False

    def targets(self, start: int, blocked: int, lengths: Iterable[int]) -> int:
        """The ends reachable with any of `lengths` (ascending lengths stop early once nothing is left)."""
        found = 0
        everything = ((1 << self.size) - 1) & ~blocked & ~(1 << start)
        for length in lengths:
            if length > self.table_length:
                found |= sum(1 << end for end in range(self.size)
                             if everything >> end & 1 and not found >> end & 1
                             and self._long_reaches(start, blocked, length, end))
            else:
                found |= self.reach(start, blocked, length)
            if found == everything:
                break
        return found

    def any_route(self, start: int, blocked: int, lengths: Iterable[int]) -> bool:
        return any(self.reach(start, blocked, length) if length <= self.table_length
                   else self.targets(start, blocked, (length,)) for length in lengths)

    def locations(self, mask: int) -> list[int]:
        """The locations of a bitmask, ascending (a byte at a time: this runs on every Move)."""
        out: list[int] = []
        for by_byte in self._bytes:
            if not mask:
                break
            out += by_byte[mask & 255]
            mask >>= 8
        return out

    # --- long routes: exact search ----------------------------------------------------------------

    def _long_reaches(self, start: int, blocked: int, length: int, end: int) -> bool:
        if end == start or blocked >> end & 1:
            return False
        key = (start, blocked, length, end)
        known = self._long_cache.get(key)
        if known is None:
            known = self._search(start, blocked, length, end)
            if len(self._long_cache) >= LONG_CACHE_LIMIT:
                self._long_cache.clear()
            self._long_cache[key] = known
        return known

    def _search(self, start: int, blocked: int, length: int, end: int) -> bool:
        """Depth-first search for one route, pruned by the distance still to cover and by an upper bound."""
        adjacency = self.adjacency
        distance = self.distances_from(end, blocked)
        if distance[start] > length or length > self._longest_bound(start, end, blocked):
            return False
        dead: set[tuple[int, int]] = set()
        simple = self.simple

        def extend(node: int, used: int, left: int) -> bool:
            if not left:
                return node == end
            key = (node, used)
            if key in dead:
                return False
            for neighbour, link in adjacency[node]:
                if blocked >> neighbour & 1 or distance[neighbour] >= left:
                    continue
                if simple:
                    if neighbour == start or used >> neighbour & 1:
                        continue
                    step = 1 << neighbour
                else:
                    if used >> link & 1:
                        continue
                    step = 1 << link
                if extend(neighbour, used | step, left - 1):
                    return True
            dead.add(key)
            return False

        return extend(start, 0, length)

    @cached_property
    def distances(self) -> tuple[tuple[int, ...], ...]:
        """Shortest link counts between all locations with nobody in the way (for judging what is near)."""
        return tuple(tuple(self.distances_from(origin, 0)) for origin in range(self.size))

    def distances_from(self, origin: int, blocked: int) -> list[int]:
        """Shortest link counts from `origin` avoiding `blocked`; unreachable locations get size + 1."""
        far = self.size + 1
        distance = [far] * self.size
        distance[origin] = 0
        queue = [origin]
        for node in queue:
            for neighbour, _ in self.adjacency[node]:
                if distance[neighbour] == far and not blocked >> neighbour & 1:
                    distance[neighbour] = distance[node] + 1
                    queue.append(neighbour)
        return distance

    def _longest_bound(self, start: int, end: int, blocked: int) -> int:
        """An upper bound on the length of a route from start to end once blocked locations go.

        A simple path crosses each location once: at most locations - 1. A trail crosses each bridge of
        the free map at most once, so it can only use the bridges between start and end and the links of
        the bridgeless pieces they join; inside each piece it runs from where it enters to where it
        leaves, using an even number of links at every other location, so every location whose degree
        has the wrong parity leaves a link out: at most links - wrong / 2 per piece.
        """
        distance = self.distances_from(start, blocked)
        inside = [node for node in range(self.size) if distance[node] <= self.size]
        if self.simple:
            return len(inside) - 1
        links = {link: (node, neighbour) for node in inside for neighbour, link in self.adjacency[node]
                 if distance[neighbour] <= self.size}
        bridges = self._bridges(start, links)
        piece = self._pieces(inside, links, bridges)
        path = self._bridge_path(start, end, piece, bridges, links)
        if path is None:
            return 0
        bound = len(path)
        gates = [start, *(node for crossing in path for node in crossing), end]  # enter, leave, enter, ... leave
        for enter, leave in zip(gates[0::2], gates[1::2]):
            own = piece[enter]
            degree = dict.fromkeys((n for n in inside if piece[n] == own), 0)
            count = 0
            for link, (a, b) in links.items():
                if link not in bridges and piece[a] == own:
                    degree[a] += 1
                    degree[b] += 1
                    count += 1
            wrong = sum(1 for node, d in degree.items() if d % 2 != ((node == enter) != (node == leave)))
            bound += count - wrong // 2
        return bound

    def _bridges(self, start: int, links: dict[int, tuple[int, int]]) -> set[int]:
        """The links whose removal cuts the free map around `start` (Tarjan's low-link, iteratively)."""
        order: dict[int, int] = {start: 0}
        low = {start: 0}
        bridges: set[int] = set()
        stack = [(start, -1, iter(self.adjacency[start]))]
        while stack:
            node, via, neighbours = stack[-1]
            for neighbour, link in neighbours:
                if link == via or link not in links:
                    continue
                if neighbour in order:
                    low[node] = min(low[node], order[neighbour])
                else:
                    order[neighbour] = low[neighbour] = len(order)
                    stack.append((neighbour, link, iter(self.adjacency[neighbour])))
                    break
            else:
                stack.pop()
                if stack:
                    parent = stack[-1][0]
                    low[parent] = min(low[parent], low[node])
                    if low[node] > order[parent]:
                        bridges.add(via)
        return bridges

    def _pieces(self, inside: list[int], links: dict[int, tuple[int, int]], bridges: set[int]) -> dict[int, int]:
        """Each location's bridgeless piece, named by one of its locations."""
        piece: dict[int, int] = {}
        for origin in inside:
            if origin in piece:
                continue
            piece[origin] = origin
            queue = [origin]
            for node in queue:
                for neighbour, link in self.adjacency[node]:
                    if link in links and link not in bridges and neighbour not in piece:
                        piece[neighbour] = origin
                        queue.append(neighbour)
        return piece

    def _bridge_path(self, start: int, end: int, piece: dict[int, int], bridges: set[int],
                     links: dict[int, tuple[int, int]]) -> list[tuple[int, int]] | None:
        """The bridges a route from start to end must cross, in order, as (location left, location entered);
        None if end cannot be reached."""
        if end not in piece:
            return None
        crossings = [(a, b) for bridge in bridges for a, b in (links[bridge], links[bridge][::-1])]
        came: dict[int, tuple[int, int] | None] = {piece[start]: None}
        queue = [piece[start]]
        for here in queue:
            for left, entered in crossings:
                if piece[left] == here and piece[entered] not in came:
                    came[piece[entered]] = (left, entered)
                    queue.append(piece[entered])
        path = []
        step = came[piece[end]]
        while step is not None:
            path.append(step)
            step = came[piece[step[0]]]
        return path[::-1]


def _minimal(crossings: set[int]) -> tuple[int, ...]:
    """The sets no other set is contained in, smallest first (checking a blocker stops at the first free one)."""
    kept: list[int] = []
    for crossed in sorted(crossings, key=lambda m: (m.bit_count(), m)):
        for smaller in kept:
            if smaller & crossed == smaller:
                break
        else:
            kept.append(crossed)
    return tuple(kept)


def _union(masks: Iterable[int]) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


@cache
def routes_for(adjacency: Adjacency, simple: bool, table_length: int) -> Routes:
    """One Routes per map and rule in a process, shared by the games set up and the states unpickled there."""
    return Routes(adjacency, simple, table_length)
