"""Nothing hidden reaches a seat: other hands, the draw pile's order, face-down backpack cards (H31).

The targeted tests change exactly one hidden thing and check every view; the last ones run the
conformance suite's generic leak finder on the options the suite itself does not play.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from meeplog.core.conformance.leaks import find_leaks
from meeplog.core.conformance.playouts import steps
from meeplog.games.hike.commands import Abandon, Draw, PackCard, StartHike
from meeplog.games.hike.events import Dealt, Drew, Reshuffled
from meeplog.games.hike.state import EMPTY, TURN
from tests.games.hike.table import RULES, c, do, table


def mid_game(seed: int = 2, **options):
    """A state in the middle of a random game, at the start of a turn, with unknown cards in every other hand."""
    config = RULES.configure(3, **options)
    for count, (state, _, _) in enumerate(steps(RULES, config, seed)):
        hidden = [Counter(state.hands[seat]) - Counter(state.known[seat]) for seat in (1, 2)]
        if count > 40 and state.phase == TURN and state.actions_left == 3 and all(h.total() > 1 for h in hidden):
            return state.clone()
    raise AssertionError("no such turn start")


def views(state):
    return [RULES.view(state, seat) for seat in range(state.players)]


def test_another_hand_can_change_without_any_other_seat_noticing():
    state = mid_game()
    twin = state.clone()
    hidden = [card for card in twin.hands[1] if card not in twin.known[1]]
    assert hidden and twin.draw
    swap = hidden[0]
    twin.hands[1].remove(swap)
    twin.hands[1] = sorted([*twin.hands[1], twin.draw[0]])
    twin.draw[0] = swap
    assert RULES.view(twin, 0) == RULES.view(state, 0) and RULES.view(twin, 2) == RULES.view(state, 2)
    assert RULES.view(twin, 1) != RULES.view(state, 1)


def test_a_drawn_card_is_seen_by_its_drawer_only():
    state = table([[], []], draw=["tent", "map", "compass"])
    (drew,) = do(state, 0, Draw())
    assert drew == Drew(0, c("tent"), 2) and drew.seen_by(1) == Drew(0, None, 2)


def test_the_draw_pile_order_is_hidden_from_everyone():
    state = mid_game()
    twin = state.clone()
    twin.draw.reverse()
    assert twin.draw != state.draw and views(twin) == views(state)
    dealt = RULES.setup(RULES.configure(2), random.Random(0))
    assert dealt.draw
    event = Dealt(0, (tuple(dealt.hands[0]), tuple(dealt.hands[1])), tuple(dealt.draw))
    assert event.seen_by(1) == Dealt(0, (None, tuple(dealt.hands[1])), None)
    assert Reshuffled((1, 2, 3), 3).seen_by(0) == Reshuffled(None, 3)


def test_a_face_down_card_can_change_without_the_others_noticing():
    state = table([[], [], []], packs=[{}, {"bottom": "tent", "top": "map"}, {}], draw=["sleeping bag", "compass"],
                  hidden_backpacks=True)
    twin = state.clone()
    twin.packs[1][4] = c("sleeping bag")
    twin.draw[-1] = c("tent")
    assert RULES.view(twin, 0) == RULES.view(state, 0) and RULES.view(twin, 2) == RULES.view(state, 2)
    assert RULES.view(twin, 1) != RULES.view(state, 1)
    public = table([[], [], []], packs=[{}, {"bottom": "tent"}, {}], draw=["compass"])
    other = public.clone()
    other.packs[1][4] = c("sleeping bag")
    assert RULES.view(other, 0) != RULES.view(public, 0)  # in the base game backpacks are open


def test_cards_seen_going_back_into_a_hand_stay_known_and_samples_keep_them():
    state = table([[], ["socks"]], packs=[{"bottom": "tent", "top": "map"}, {}], draw=["map", "compass", "camera"])
    do(state, 0, StartHike())
    do(state, 0, Abandon(None))
    assert [card.name for card in RULES.view(state, 1).seats[0].known_in_hand] == ["tent", "map"]
    for seed in range(10):
        twin = RULES.sample(state, 1, random.Random(seed))
        assert twin.hands[0] == sorted(state.hands[0])  # every card of that hand is known
        assert RULES.view(twin, 1) == RULES.view(state, 1)


def test_samples_redraw_the_hidden_cards_and_nothing_else():
    state = mid_game()
    seen = set()
    for seed in range(20):
        twin = RULES.sample(state, 0, random.Random(seed))
        assert twin.hands[0] == state.hands[0] and twin.packs == state.packs and twin.discard == state.discard
        assert sorted(twin.draw + twin.hands[1] + twin.hands[2]) == sorted(state.draw + state.hands[1] +
                                                                            state.hands[2])
        seen.add(tuple(twin.hands[1]))
    assert len(seen) > 1


def test_a_sample_during_secret_packing_puts_the_others_packing_back_in_hand():
    config = RULES.configure(2)
    state = RULES.setup(config, random.Random(4))
    item = next(card for card in state.hands[1] if state.cards.is_item(card))
    do(state, 1, PackCard(item, state.cards.slots_for(item)[0]))
    twin = RULES.sample(state, 0, random.Random(1))
    assert all(card == EMPTY for card in twin.packs[1]) and len(twin.hands[1]) == 7
    assert RULES.view(twin, 0) == RULES.view(state, 0)


FACE_DOWN = {"hidden_backpacks": True}
FACE_DOWN_SEQUENTIAL_STEAL = FACE_DOWN | {"setup_backpacks": "sequential", "raccoon_mode": "player_steals_random"}
OTHER_OPTIONS = {"end_on_last_draw": "end_of_turn", "allow_fewer_actions": True, "leader_needs_backpack": False,
                 "payment_minimal_only": True, "forced_abandon_collects": False, "abandon_take_optional": True,
                 "final_tie": "shared"}


@pytest.mark.parametrize(("players", "options"), [
    (2, FACE_DOWN), (4, FACE_DOWN), (3, FACE_DOWN_SEQUENTIAL_STEAL), (5, FACE_DOWN_SEQUENTIAL_STEAL),
    (3, OTHER_OPTIONS),
], ids=["2-face-down", "4-face-down", "3-face-down-sequential-steal", "5-face-down-sequential-steal", "3-others"])
def test_no_leak_with_the_options_the_conformance_suite_does_not_play(players, options):
    assert find_leaks(RULES, RULES.configure(players, **options), range(3)) == []


@pytest.mark.parametrize("options", [{}, FACE_DOWN], ids=["open", "face-down"])
def test_a_sample_depends_only_on_what_the_seat_knows(options):
    """Two worlds a seat cannot tell apart give it the same samples, so a bot cannot peek through them."""
    policy = RULES.heuristic()
    for players in (2, 4):
        config = RULES.configure(players, **options)
        rng = random.Random(players)
        for count, (state, seat, _) in enumerate(steps(RULES, config, seed=players)):
            if count % 7:
                continue
            twin = RULES.sample(state, seat, rng)
            assert RULES.sample(twin, seat, random.Random(count)) == RULES.sample(state, seat, random.Random(count))
            legal = RULES.legal(state, seat)
            assert policy.choose(RULES.sample(state, seat, random.Random(count)), seat, legal,
                                 random.Random(1)) == policy.choose(RULES.sample(twin, seat, random.Random(count)),
                                                                    seat, legal, random.Random(1))
