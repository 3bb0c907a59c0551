"""Who must decide at the agenda's top (`pending`, `waiting`) and what they may do (`options`, the legal
commands). `decisions.py` checks a command against the same rules; tasks that nobody decides are
left to games/routard/automatic.py."""

from __future__ import annotations

from typing import Final

from meeplog.core.kernel import GAME_OVER, ONE_SEAT, Command, Pending, seats_together
from meeplog.games.routard.amounts import amount_options
from meeplog.games.routard.commands import (  # by name: compiled code reads a module's attribute through a call
    BUY_TICKET,
    CANCEL_SALE,
    CLOSE_SHOP,
    DEPART,
    DRIVE,
    DROP,
    FLY,
    FLY_BACK,
    JOB_ASSISTANCE,
    MOVE_FORCED,
    OPEN_SALE,
    PASS_BID,
    PLAY_ANYWAY,
    RAISE,
    SHEET_OFFERS,
    STOP_SELLING,
    ChooseLostCard,
    bid,
    buy_cheques,
    buy_element,
    choose_line,
    choose_target,
    replay_walk,
    sell,
    sell_cheques,
    walk,
)
from meeplog.games.routard.data import ELEMENTS, RESALEABLE, SHEET_LINES
from meeplog.games.routard.queries import (
    can_sell,
    has,
    is_driver,
    may_play,
    move_cost,
    needed_elements,
    others,
    stranded,
)
from meeplog.games.routard.state import BANK, RoutardState
from meeplog.games.routard.tasks import (
    Act,
    AuctionTask,
    Charge,
    ChequeTopUp,
    ChequeWindow,
    IllegalOffer,
    LoseCard,
    Prep,
    Purchase,
    Replay,
    SaleMenu,
    SheetOutcome,
    Shop,
    TargetChoice,
    Task,
)

# The commands a turn offers over and over, made once: an item of a compiled table costs less than a call of a cache.
_WALKS: Final = tuple(walk(spaces) for spaces in range(1, 7))  # Walk(spaces) is _WALKS[spaces - 1]
_SHEET_LINES: Final = tuple(choose_line(line) for line in SHEET_LINES)
_BUY_ELEMENTS: Final = {item: buy_element(item) for item in ELEMENTS}
_ITEM_SALES: Final = tuple((item, sell(item, -1, 1)) for item in RESALEABLE)


def pending(state: RoutardState) -> Pending:
    seats = waiting(state)
    if not seats:
        return GAME_OVER
    return seats_together(seats) if sealed(state) else ONE_SEAT[seats[0]]


def waiting(state: RoutardState) -> tuple[int, ...]:
    """The seats that must decide now; () when the kernel acts next or the game is over. An `if` chain on the
    task's type (automatic.step says why)."""
    if state.over:
        return ()
    task = state.agenda[-1]
    kind = type(task)  # the branches below test type(task) itself, which narrows `task` for the type checker
    if kind is Act or kind is Prep or kind is ChequeWindow or kind is SaleMenu or kind is ChequeTopUp or (
            kind is Shop or kind is TargetChoice or kind is IllegalOffer):
        return (task.seat,)
    if type(task) is AuctionTask:
        return _bidders_to_decide(state)
    if type(task) is Charge:
        return _raising_funds(state, task.seat, task.amount)
    if type(task) is Purchase:
        return _raising_funds(state, task.seat, task.price)
    if type(task) is LoseCard:
        return (task.seat,) if len(state.players[task.seat].collection(task.deck)) > 1 else ()
    if type(task) is Replay:
        return (task.seat,) if _replay_distances(state, task.seat) else ()
    if type(task) is SheetOutcome:
        return (task.seat,) if _sheet_offer(state, task) else ()
    return ()


def _raising_funds(state: RoutardState, seat: int, due: int) -> tuple[int, ...]:
    """A charge or an achat card he cannot pay opens his raise-funds window, if he has lots (R39)."""
    return (seat,) if state.players[seat].money < due and can_sell(state, seat) else ()


def sealed(state: RoutardState) -> bool:
    """Whether the decision now is a simultaneous sealed bid (R43)."""
    return isinstance(state.agenda[-1], AuctionTask) and state.table.auction_mode == "sealed_first_price"


def _bidders_to_decide(state: RoutardState) -> tuple[int, ...]:
    auction = state.auction
    assert auction is not None
    if state.table.auction_mode == "sealed_first_price":
        return tuple(s for s in auction.bidders if auction.bids[s] is None)
    return (auction.to_bid,) if auction.to_bid != BANK else ()


def _sheet_offer(state: RoutardState, task: SheetOutcome) -> bool:
    outcome = state.data.prep_sheet.outcomes[task.line][str(task.roll)]
    return (state.config.sheet_purchase_optional and outcome.kind == "buy"
            and state.players[task.seat].money >= (outcome.price or 0))


# --- options -----------------------------------------------------------------------------------------


def options(state: RoutardState, seat: int) -> list[Command]:
    """The legal commands, remembered until the next event: the runner asks, then `decide` checks."""
    return list(_remembered_options(state, seat))


def offered(state: RoutardState, seat: int, command: Command) -> bool:
    """Whether `command` is legal now: the very instance listed (as a player picks it from the list), or
    an equal one."""
    known = _remembered_options(state, seat)
    for option in known:
        if option is command:
            return True
    return command in known


def _remembered_options(state: RoutardState, seat: int) -> tuple[Command, ...]:
    known = state.memo.get(seat)
    if known is None:
        known = tuple(_task_options(state, state.agenda[-1], seat)) if seat in waiting(state) else ()
        state.memo[seat] = known
    return known


def _task_options(state: RoutardState, task: Task, seat: int) -> list[Command]:
    """The options of the decision at hand, by an `if` chain on its task's type (automatic.step says why)."""
    if type(task) is Act:
        return _act_options(state, task, seat)
    if type(task) is Prep:
        return _prep_options(state, task, seat)
    if type(task) is AuctionTask:
        return _auction_options(state, task, seat)
    if type(task) is SaleMenu:
        return _sale_menu_options(state, task, seat)
    if type(task) is ChequeWindow:
        return _cheque_window_options(state, task, seat)
    if type(task) is ChequeTopUp:
        return _top_up_options(state, task, seat)
    if type(task) is Charge or type(task) is Purchase:
        return _raise_funds_options(state, task, seat)
    if type(task) is Shop:
        return _shop_window_options(state, task, seat)
    if type(task) is SheetOutcome:
        return _sheet_offer_options(state, task, seat)
    if type(task) is TargetChoice:
        return _target_options(state, task, seat)
    if type(task) is LoseCard:
        return _lose_card_options(state, task, seat)
    if type(task) is Replay:
        return _replay_options(state, task, seat)
    if type(task) is IllegalOffer:
        return _illegal_options(state, task, seat)
    raise TypeError(f"nobody decides {task!r}")


def _prep_options(state: RoutardState, task: Task, seat: int) -> list[Command]:
    player = state.players[seat]
    if player.prep_turns == 0:
        return [DEPART] if state.config.express else [choose_line("argent_de_poche")]
    ready = departure_ready(state, seat)
    if ready and state.config.auto_depart:
        return [DEPART]
    return [*_SHEET_LINES, DEPART] if ready else list(_SHEET_LINES)


def departure_ready(state: RoutardState, seat: int) -> bool:
    """The minimum to depart (§5.4), checked before the ticket is handed in (R8)."""
    player, minimum = state.players[seat], state.data.constants.depart_minimum
    return (all(player.elements[item] >= 1 for item in minimum.items) and player.tickets >= minimum.billet_avion
            and player.cheques >= minimum.cheques and player.money >= minimum.money)


def _sheet_offer_options(state: RoutardState, task: Task, seat: int) -> list[Command]:
    return list(SHEET_OFFERS)


def _sell_options(state: RoutardState, seat: int) -> list[Command]:
    return [OPEN_SALE] if can_sell(state, seat) else []


def _sale_menu_options(state: RoutardState, task: Task, seat: int) -> list[Command]:
    """Every lot (R42): items, achat cards, then cheques by count, in brackets when they are many (a seat inside a
    bracket sells cheques). Never formalités, reportage or aventure."""
    player = state.players[seat]
    cheques = amount_options(state, seat, range(1, player.cheques + 1), sell_cheques)
    if seat in state.narrowed:
        return cheques
    moves = [sale for item, sale in _ITEM_SALES if has(state, seat, item)]
    if player.achat:
        moves.extend(sell("achat", card, 1) for card in sorted(set(player.achat)))
    return [*moves, *cheques, CANCEL_SALE]


def _shop_options(state: RoutardState, seat: int) -> list[Command]:
    """An airport's window (R21): at most `tickets_per_shop_window` tickets, any element copies."""
    player = state.players[seat]
    moves: list[Command] = []
    limit = state.table.tickets_per_shop_window
    if (limit is None or state.window_tickets < limit) and player.money >= state.table.ticket_price(player.pos):
        moves.append(BUY_TICKET)
    prices = state.table.airport_element_price
    moves.extend(_BUY_ELEMENTS[item] for item in ELEMENTS if player.money >= prices[item])
    return moves


def must_rebuy(state: RoutardState, seat: int) -> bool:
    """force_rebuy_needed: a needed element he can afford must be bought before leaving the shop (R36)."""
    if not state.table.force_rebuy_needed:
        return False
    prices = state.table.airport_element_price
    return any(state.players[seat].money >= prices[item] for item in needed_elements(state, seat))


def _on_airport(state: RoutardState, seat: int) -> bool:
    return state.table.space_types[state.players[seat].pos] == "aeroport"


def _act_options(state: RoutardState, task: Task, seat: int) -> list[Command]:
    assert isinstance(task, Act)
    moves = _sell_options(state, seat)
    if _on_airport(state, seat):
        moves += _shop_options(state, seat)
        if must_rebuy(state, seat):
            return moves
    return moves + movements(state, task, seat)


def movements(state: RoutardState, task: Act, seat: int) -> list[Command]:
    """S2 (§5.6): the movements open to the player this turn."""
    player = state.players[seat]
    if stranded(state, seat):  # he must buy formalités in this airport's shop, or take Job Assistance on the spot
        price = state.table.airport_element_price["formalites"]
        return [] if player.money >= price and _on_airport(state, seat) else [JOB_ASSISTANCE]
    if task.forced:
        return [MOVE_FORCED]
    if job_assistance_due(state, seat):
        return [JOB_ASSISTANCE]
    moves: list[Command]
    if is_driver(state, seat):
        moves = [DRIVE]
    else:
        moves = [_WALKS[k - 1] for k in walk_distances(state, seat)]
        if player.tickets and _on_airport(state, seat):
            if player.pos == state.arrival:
                moves.append(FLY_BACK)
            elif task.may_fly:
                moves.append(FLY)
    optional = state.table.job_assistance_after_write_off == "optional" and player.fauche
    if player.money == 0 or optional or not moves:
        moves.append(JOB_ASSISTANCE)
    return moves


def job_assistance_due(state: RoutardState, seat: int) -> bool:
    """Mandatory Job Assistance: broke after a write-off (R40), or still in debt (R39, debt variant)."""
    player = state.players[seat]
    mandatory = state.table.job_assistance_after_write_off == "mandatory" and player.fauche
    return mandatory or bool(player.debts)


def walk_distances(state: RoutardState, seat: int) -> list[int]:
    player = state.players[seat]
    reach = min(6, state.arrival - player.pos)
    distances = [k for k in range(1, reach + 1) if move_cost(state, k) <= player.money]
    if state.table.unplayable_destination == "forbidden":
        playable = [k for k in distances if may_play(state, seat, state.table.space_types[player.pos + k])]
        distances = playable or distances
    return distances


def _raise_funds_options(state: RoutardState, task: Task, seat: int) -> list[Command]:
    return [*_sell_options(state, seat), STOP_SELLING]


def cheque_counts(state: RoutardState, task: Task, seat: int) -> range:
    """How many cheques the seat may buy: at a window any number it can pay (R18); at a top-up (R41, R44) the
    shortfall up to what it can pay, or all it can pay when that falls short."""
    player = state.players[seat]
    affordable = player.money // state.table.cheque_price
    if isinstance(task, ChequeTopUp):
        short = task.due - player.cheques
        return range(short, affordable + 1) if affordable >= short else range(affordable, affordable + 1)
    return range(affordable + 1)


def _top_up_options(state: RoutardState, task: Task, seat: int) -> list[Command]:
    assert isinstance(task, ChequeTopUp)
    player = state.players[seat]
    affordable = player.money // state.table.cheque_price
    if affordable < task.due - player.cheques:  # short of cash: he may raise funds first (R39)
        return [*_sell_options(state, seat), buy_cheques(affordable)]
    return amount_options(state, seat, cheque_counts(state, task, seat), buy_cheques)


def _cheque_window_options(state: RoutardState, task: Task, seat: int) -> list[Command]:
    return amount_options(state, seat, cheque_counts(state, task, seat), buy_cheques)


def _shop_window_options(state: RoutardState, task: Task, seat: int) -> list[Command]:
    moves = _shop_options(state, seat)
    return moves if must_rebuy(state, seat) else [*moves, CLOSE_SHOP]


def _target_options(state: RoutardState, task: Task, seat: int) -> list[Command]:
    return [choose_target(other) for other in others(state, seat)]


def _lose_card_options(state: RoutardState, task: Task, seat: int) -> list[Command]:
    assert isinstance(task, LoseCard)
    return [ChooseLostCard(task.deck, card) for card in sorted(state.players[seat].collection(task.deck))]


def _replay_distances(state: RoutardState, seat: int) -> list[int]:
    player = state.players[seat]
    if not player.travelling or stranded(state, seat):
        return []
    reach = min(6, state.arrival - player.pos)
    pays = state.config.replay_pays_move
    return [k for k in range(1, reach + 1) if not pays or move_cost(state, k) <= player.money]


def _replay_options(state: RoutardState, task: Task, seat: int) -> list[Command]:
    return [replay_walk(k) for k in _replay_distances(state, seat)]


def _illegal_options(state: RoutardState, task: Task, seat: int) -> list[Command]:
    return list(PLAY_ANYWAY)


def _auction_options(state: RoutardState, task: Task, seat: int) -> list[Command]:
    if state.table.auction_mode == "sealed_first_price":
        return amount_options(state, seat, sealed_bids(state, seat), bid, PASS_BID)
    return [RAISE, DROP] if next_raise(state) <= state.players[seat].money else [DROP]


def sealed_bids(state: RoutardState, seat: int) -> range:
    """A sealed bidder's amounts above a pass (R43): the multiples of the step from the floor to his cash."""
    auction, step = state.auction, state.table.auction_bid_step
    assert auction is not None
    lowest = -(-auction.floor // step) * step
    return range(max(lowest, step), state.players[seat].money + 1, step)


def bid_command(amount: int) -> Command:
    """The bid of `amount`, or the pass for 0."""
    return bid(amount) if amount else PASS_BID


def next_raise(state: RoutardState) -> int:
    """Ascending auction: the first bid is the floor, then each raise adds the step (R43)."""
    auction = state.auction
    assert auction is not None
    return auction.floor if auction.high == BANK else auction.price + state.table.auction_bid_step
