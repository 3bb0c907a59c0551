"""Money is exact and conserved: whole tens of euros, never negative, and every euro that appears or
vanishes is a payment to or from the bank that an event states. Cards are conserved too."""

import random

import pytest

from meeplog.games.routard import events as ev
from meeplog.games.routard.data import COLLECTION_DECKS, DECKS
from meeplog.games.routard.state import BANK
from meeplog.games.routard.tasks import Purchase, Resolve
from tests.games.routard.helpers import RULES


def bank_flow(event) -> int:
    """What the players as a whole receive from the bank (negative: pay to it), read off one event."""
    match event:
        case ev.MoneyGained(_, amount, _):
            return amount
        case ev.Paid(_, creditor, amount, _, _):
            return -amount if creditor == BANK else 0
        case ev.Moved(_, how, _, _, _, cost, _) if how in ("walk", "replay"):
            return -cost
        case ev.ChequesBought(_, _, price) | ev.AssistanceCheques(_, _, price, _, _) | ev.ItemBought(_, _, price):
            return -price
        case ev.SheetBought(_, _, _, price) | ev.AchatBought(_, _, price):
            return -price
        case ev.AuctionSettled(_, _, _, _, buyer, price):
            return price if buyer == BANK else 0
    return 0


def cards_everywhere(state, deck: str) -> list[int]:
    """Draw pile, discard pile, collections, and a collection card being paid for or resolved."""
    if deck not in COLLECTION_DECKS:
        return sorted([*state.draw[deck], *state.discard[deck]])
    held = [c for p in state.players for c in p.collection(deck)]
    paying = {t.card for t in state.agenda if isinstance(t, Purchase) and deck == "achat"}
    resolving = {t.card for t in state.agenda if isinstance(t, Resolve) and t.deck == deck}
    return sorted([*state.draw[deck], *state.discard[deck], *held, *paying, *resolving])


def check_game(config, seed: int, heuristic_seats: tuple[int, ...] = ()) -> int:
    policy = RULES.heuristic()
    rng = random.Random(seed)
    state = RULES.setup(config, random.Random(seed))
    full_decks = {deck: list(range(len(getattr(state.data.decks, deck)))) for deck in DECKS}
    decisions = 0
    while not RULES.pending(state).over:
        pending = RULES.pending(state)
        chosen = []
        for seat in pending.seats:
            legal = RULES.legal(state, seat)
            if seat in heuristic_seats:
                chosen.append((seat, policy.choose(RULES.sample(state, seat, rng), seat, legal, rng)))
            else:
                chosen.append((seat, rng.choice(legal)))
        for seat, command in chosen:
            decisions += 1
            for event in RULES.decide(state, seat, command, rng):
                before = sum(p.money for p in state.players)
                RULES.evolve(state, event)
                after = sum(p.money for p in state.players)
                assert after - before == bank_flow(event), f"money created or lost by {event!r}"
                assert all(p.money >= 0 and p.money % 10 == 0 for p in state.players), event
                assert all(p.cheques >= 0 and p.tickets >= 0 for p in state.players), event
            for deck in DECKS:
                assert cards_everywhere(state, deck) == full_decks[deck], f"{deck} cards lost or doubled"
    return decisions


@pytest.mark.parametrize("options", [{}, {"express": False, "auto_depart": True}, {"auction_mode": "ascending"},
                                     {"illegal_play": "fined", "interplayer_scope": "all"}])
def test_random_games_conserve_money_and_cards(options):
    for players in (2, 4, 6):
        check_game(RULES.configure(players, **options), seed=players)


def test_heuristic_games_conserve_money_and_cards():
    for players in (2, 3, 5):
        check_game(RULES.configure(players), seed=10 + players, heuristic_seats=tuple(range(players)))
