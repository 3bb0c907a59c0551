"""The bounds every decision keeps, whatever the players did before (DESIGN.md section 2).

A game lists at most MAX_LEGAL_COMMANDS commands at any decision: a choice among combinations (a
payment of several cards, a set of cards to commit) is taken in steps or validated, never enumerated.
An observation sent to a remote seat (the HTTP agent's JSON body, players/http_agent.py) stays within
MAX_OBSERVATION_BYTES. core/conformance/test_bounded.py checks both on every game and `scripts/soak`
reports how close games come; the match runner refuses to send an observation over the byte bound.
"""

MAX_LEGAL_COMMANDS = 500
MAX_OBSERVATION_BYTES = 64 * 1024
