"""The exit statuses every command shares (the README's table), so that a script can tell a finished run from a
failed game, a mistake in its own command line, a run stopped at a cap and an interrupted one."""

DONE = 0  # the command did what it was asked
GAMES_FAILED = 1  # a game failed or was forfeited, or no game could be rated
BAD_INPUT = 2  # an unknown name or option, a bad value, a damaged store, a missing extra, a failed pre-flight
STOPPED_AT_A_CAP = 3  # stopped at --max-cost or --outage-wait; the run resumes where it stopped
INTERRUPTED = 130  # Ctrl-C
