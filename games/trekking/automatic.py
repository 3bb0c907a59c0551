"""The one step the game takes by itself: the random part of setup (digest 4.2 steps 4-9), drawn with the
rng and written into one Dealt event."""

from __future__ import annotations

import random

from meeplog.core.draws import shuffle
from meeplog.games.trekking.events import Dealt
from meeplog.games.trekking.state import NO_ONE, TrekState


def deal(state: TrekState, rng: random.Random) -> Dealt:
    data, config, players = state.data, state.config, state.players
    bag = list(data.cube_bag(players))
    shuffle(rng, bag)
    cubes = [NO_ONE] * data.location_count
    for location, colour in zip(data.eligible_locations(players), bag):
        cubes[location] = colour

    tokens = list(data.region_tokens.values)
    shuffle(rng, tokens)
    regions = len(data.region)

    dest_deck = list(range(data.destination_count))
    shuffle(rng, dest_deck)
    dest_row = [NO_ONE] * config.dest_row_size
    for slot in reversed(range(config.dest_row_size)):  # the first card drawn goes rightmost
        dest_row[slot] = dest_deck.pop()

    journeys: tuple[str, ...]
    if config.journey_cards is not None:
        journeys = config.journey_cards
    else:
        journeys = tuple(
            card for side in data.journey_sides
            for card in rng.sample([j.id for j in data.journey if j.side == side], data.journeys.in_play_per_side)
        )

    trek_deck = list(data.trek_deck)
    shuffle(rng, trek_deck)
    hands = []
    for _ in range(players):
        hands.append(tuple(sorted(trek_deck.pop() for _ in range(config.starting_hand))))
    trek_row = tuple(trek_deck.pop() for _ in range(config.trek_row_size))

    return Dealt(
        cubes=tuple(cubes),
        region_tokens=tuple(tokens[:regions]),
        boxed_tokens=tuple(tokens[regions:]),
        dest_row=tuple(dest_row),
        dest_deck=tuple(dest_deck),
        dest_top=dest_deck[-1] if config.dest_deck_top_public and dest_deck else None,
        journeys=tuple(journeys),
        trek_row=trek_row,
        hands=tuple(hands),
        trek_deck=tuple(trek_deck),
    )
