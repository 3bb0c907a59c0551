"""Analysis: every decision of a stored game scored by search from the deciding seat's own information
(DESIGN.md section 10, "Analysis is a projection too"), kept as its own record beside the game."""
