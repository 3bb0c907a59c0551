"""Le Jeu du Routard drawn for the web viewer: the board's spaces with the travellers, each one's money and cards,
and an auction under way (your own sealed bid only to you).

A person at a seat page walks by clicking one of the six spaces ahead of their traveller; every other move is
chosen from the list."""

from __future__ import annotations

from meeplog.core.drawing import backs, board, card, chip, text, zone
from meeplog.core.kernel import Command
from meeplog.games.routard.commands import Walk
from meeplog.games.routard.view import AuctionView, PlayerView, RoutardView

WALK_MOST = 6  # a walk goes 1 to 6 spaces forward


def target(command: Command) -> str | None:
    """The board element that plays `command`: for a walk, the space it ends on, counted from your traveller."""
    return f"walk-{command.spaces}" if isinstance(command, Walk) else None

SPACES = {
    "T": "airport",
    "A": "achat",
    "R": "reportage",
    "V": "aventure",
    "J": "job",
    "C": "chance",
    "P": "poste restante",
}


def draw(view: RoutardView) -> str:
    status = (
        f"round {view.round} of {view.max_rounds}, turn {view.turn}: {view.decision}"
        f"{' · the game is over' if view.winners else ''}"
    )
    piles = " ".join(f"{text(kind)} {backs(size)}" for kind, size in view.draw_sizes.items())
    parts = [
        zone("the board", _track(view), kind="track"),
        *([_auction(view.auction, view.seat)] if view.auction else []),
        *(_player(view, player) for player in view.players),
        zone("draw piles", piles, kind="piles"),
        zone("still to do", "".join(f"<div>{text(task)}</div>" for task in view.agenda), kind="agenda"),
    ]
    if view.amount_between:
        low, high = view.amount_between
        parts.insert(
            1, zone("your amount, being chosen", card(f"{low}-{high} €", name="bracket", secret=True), mine=True)
        )
    return board(parts, status)


def _track(view: RoutardView) -> str:
    stacks = {int(space): seats for space, seats in view.stacks.items()}
    mine = view.players[view.seat].position
    spaces = []
    for index, letter in enumerate(view.board):
        here = stacks.get(index, [])
        travellers = "".join(f"<div>{s}</div>" for s in here)
        kind = SPACES.get(letter, letter)
        ahead = index - mine if mine is not None and 0 < index - mine <= WALK_MOST else 0
        walk = f' data-target="walk-{ahead}"' if ahead else ""
        spaces.append(
            f'<span class="space{" occupied" if here else ""}" title="{index}: {text(kind)}"{walk}>'
            f"{text(letter)}{travellers}</span>"
        )
    legend = " · ".join(f"<b>{letter}</b> {text(kind)}" for letter, kind in SPACES.items())
    return f'<div class="track">{"".join(spaces)}</div><div class="legend muted">{legend}</div>'


def _auction(auction: AuctionView, seat: int) -> str:
    bid = card(f"{auction.own_bid} €", name="your sealed bid", secret=True) if auction.own_bid is not None else ""
    body = (
        f"<div>seat {auction.seller} sells {text(auction.count)} x {text(auction.card or auction.lot)} "
        f"from {auction.floor} € · price {auction.price} €"
        f"{' · high bidder seat ' + str(auction.high) if auction.high is not None else ''}</div>"
        f"<div>bidders {' '.join(chip(f'seat {s}', s) for s in auction.bidders)} · decided "
        f"{' '.join(chip(f'seat {s}', s) for s in auction.decided) or 'nobody yet'}</div>{bid}"
    )
    return zone("auction", body, kind="auction", mine=auction.own_bid is not None and seat in auction.bidders)


def _player(view: RoutardView, player: PlayerView) -> str:
    mine = player.seat == view.seat
    elements = ", ".join(f"{name.replace('_', ' ')} {count}" for name, count in player.elements.items())
    cards = "".join(
        card(name=entry, colour=colour)
        for entries, colour in ((player.achat, "yellow"), (player.reportage, "blue"), (player.aventure, "green"))
        for entry in entries
    )
    body = (
        f"<div>{text(player.space)} · <b>{player.money} €</b> · {player.cheques} cheques · "
        f"{player.tickets} tickets</div><div>{text(elements)}</div><div>{cards}</div>"
        + "".join(f"<div class=muted>{text(note)}</div>" for note in player.notes)
    )
    return zone(f"seat {player.seat}{' (you)' if mine else ''}", body, kind=f"seat seat-{player.seat}", mine=mine)
