"""AI-vs-AI tournaments: a seat-rotating, seed-pairing schedule played in worker processes, recorded as an
event-sourced aggregate (so a stopped run resumes), and rated with openskill (DESIGN.md section 7).

Modules: `events` (what the tournament records), `schedule` (who plays which deal), `aggregate` (the
Tournament), `worker` (games in a worker process), `chunks` (how many games a worker is handed at once), `run`
(the pool and the writer), `own_writes` (workers saving their own games), `patience` (waiting out a store that
stopped answering), `standings` (ratings and statistics), `report` (table, JSON, CSV, PNG), `cli`
(`meeplog tournament`).
"""
