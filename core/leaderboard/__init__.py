"""The leaderboard: ratings over every stored game, per game and across games, as a projection (DESIGN.md section 10).

Modules: `projection` (what is read of the store, and how it is followed), `players` (who a seat was), `tally` (what
is kept of each game's results), `plackett_luce` (the maximum-likelihood fit), `bootstrap` (its intervals),
`strengths` (fits per game and across games), `online` (openskill), `head_to_head`, `board` (the leaderboard's
sections), `saved` (the view kept in the store), `reader` (a store's leaderboards, followed), `render` (table, JSON,
CSV, PNG), `cli` (`meeplog leaderboard`).
"""
