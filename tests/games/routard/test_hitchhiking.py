"""Hitchhiking, "le stop" (§5.10, R23, R26-R30): who drives, who pays, stacks on airports and the arrival."""

from meeplog.games.routard import commands as cmd
from meeplog.games.routard import events as ev
from meeplog.games.routard.queries import stack
from meeplog.games.routard.tasks import Act
from tests.games.routard.helpers import (
    full_collection,
    kinds,
    legal,
    on_top,
    play,
    start_turn,
    travelling,
    waiting_for,
)


def test_the_bottom_pawn_must_carry_the_stack_with_the_die_and_alone_pays():
    state = travelling((11, 11, 11))  # seat 0 arrived first: the bottom
    assert [c for c in legal(state, 0) if not isinstance(c, cmd.OpenSale)] == [cmd.Drive()]
    on_top(state, "hebergement", "HEB-31")
    on_top(state, "chance", "CHA-06")
    events = play(state, 0, cmd.Drive(), 6)
    assert events[0] == ev.Moved(0, "drive", 11, 17, (1, 2), 400, 6)
    assert ev.Paid(0, -1, 400, 400, "move") in events
    assert stack(state, 17) == [0, 1, 2]  # the group keeps its order
    assert [p.money for p in state.players] == [1400, 1800, 1800]  # passengers pay nothing...
    assert [p.cheques for p in state.players] == [7, 10, 10]  # ...draw no hotel card
    assert waiting_for(state) == "ChequeWindow" and state.agenda[-1].seat == 0  # and only the driver plays


def test_a_pawn_in_the_middle_or_on_top_leaves_alone():
    state = travelling((11, 11, 11), to_act=1)
    moves = legal(state, 1)
    assert cmd.Drive() not in moves and cmd.Walk(1) in moves
    on_top(state, "hebergement", "HEB-01")
    play(state, 1, cmd.Walk(2))  # space 13, chance
    assert stack(state, 11) == [0, 2] and stack(state, 13) == [1]


def test_the_next_pawn_becomes_the_driver_when_the_bottom_leaves():
    state = travelling((11, 11, 11), to_act=0)
    start_turn(state, 0, Act(0))
    state.players[0].pos = 20  # the bottom pawn left
    start_turn(state, 1)
    assert [c for c in legal(state, 1) if not isinstance(c, cmd.OpenSale)] == [cmd.Drive()]


def test_no_plane_for_a_player_joined_on_an_airport_but_the_top_pawn_may_fly():
    state = travelling((18, 18))
    state.players[0].tickets = state.players[1].tickets = 1
    assert cmd.Fly() not in legal(state, 0) and cmd.Drive() in legal(state, 0)  # R23
    start_turn(state, 1)
    assert cmd.Fly() in legal(state, 1)


def test_the_die_stops_at_the_arrival_airport_and_the_driver_pays_the_distance_moved():
    state = travelling((70, 70))
    full_collection(state, 1)  # the passenger has every card
    events = play(state, 0, cmd.Drive(), 5)
    assert events[0] == ev.Moved(0, "drive", 70, 72, (1,), 20, 5)
    assert events[1] == ev.Paid(0, -1, 20, 20, "move")
    assert events[2] == ev.GameWon((1,), (1,))  # a passenger wins on arrival too (R48)
    assert state.over


def test_a_card_instruction_replaces_the_die_and_moves_the_whole_stack():
    state = travelling((11, 11))
    state.players[0].instructions = (("forced", 1),)
    assert start_turn(state, 0) == [ev.InstructionTaken(0, "forced", 1)]
    assert [c for c in legal(state, 0) if not isinstance(c, cmd.OpenSale)] == [cmd.MoveForced()]
    on_top(state, "hebergement", "HEB-01")
    events = play(state, 0, cmd.MoveForced())
    assert events[0] == ev.Moved(0, "forced", 11, 12, (1,), 0)  # "priorité à la carte"


def test_a_skipped_turn_leaves_the_passengers_stacked():
    state = travelling((11, 11))
    state.players[0].instructions = (("skip", 0),)
    assert kinds(start_turn(state, 0)) == ["InstructionTaken", "TurnEnded"]
    assert stack(state, 11) == [0, 1]


def test_a_card_re_move_takes_the_passengers_carried_this_turn():
    state = travelling((10, 10))
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "chance", "CHA-07")  # move +3
    play(state, 0, cmd.Drive(), 3)  # to space 13, chance
    events = play(state, 0, cmd.BuyCheques(0))
    assert ev.Moved(0, "card", 13, 16, (1,)) in events
    assert stack(state, 16) == [0, 1]


def test_pawns_on_the_arrival_airport_carry_nobody_and_may_fly_back():
    state = travelling((72, 72))
    state.players[0].tickets = 1
    moves = legal(state, 0)
    assert cmd.Drive() not in moves and cmd.FlyBack() in moves  # R24
    on_top(state, "hebergement", "HEB-01")
    events = play(state, 0, cmd.FlyBack())
    assert events[0] == ev.Moved(0, "fly_back", 72, 54)
    assert waiting_for(state) == "Shop"


def test_a_player_stuck_on_the_arrival_airport_without_a_ticket_may_take_job_assistance():
    state = travelling((72, 40))
    state.players[0].money = 100  # cannot buy the 300 € ticket
    moves = legal(state, 0)
    assert cmd.FlyBack() not in moves and cmd.JobAssistance() in moves  # R25


def test_assistance_moves_leave_the_passengers_unless_the_option_says_otherwise():
    state = travelling((11, 11))
    state.players[0].money = 0
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "job", "JOB-01")
    events = play(state, 0, cmd.JobAssistance())
    assert events[0] == ev.Moved(0, "job_assistance", 11, 6)  # R29: alone
    state = travelling((11, 11), assistance_moves_carry_passengers=True)
    state.players[0].money = 0
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "job", "JOB-01")
    assert play(state, 0, cmd.JobAssistance())[0] == ev.Moved(0, "job_assistance", 11, 6, (1,))
