"""Tables: games played on a server, stored from their first moment (DESIGN.md section 11).

A table is an aggregate in the store beside its game: who sits where (people by name), each person seat's
credential as a hash, the turn timer, and whether it has ended; every decision is the game's own record, saved as
it is made, and every command sent to a seat is a record too. A server process keeps only caches of them, so any
process over the store can serve any seat, and a restart resumes every table that had not ended. There is no web
here: the viewer (replays/viewer) routes pages, streams and its JSON API to `Tables` (service.py).
"""
