"""Every change to a team section, one module per concern: ``rosters`` (teams and
captains), ``lineups`` (who submits a line-up, until when, and its problems in words),
``matches`` (pairing a team round, its start, numbering teams by rating, board results),
``eligibility`` (players declared ineligible and the matches rescored) and ``ranking`` (the
standings, board rankings and prizes). Each change checks the actor's rights and writes the
audit log (``audit_lines`` names what a line is about).

Who may do what: organisers create teams, edit them (name, unit, prize attributes; rosters
until round 1 is paired), delete them before round 1 is paired and name captains; a team's
captain submits its line-up before the deadline (and only its own team's); arbiters and
organisers enter or correct any line-up at any time; arbiters pair rounds, enter results,
accept line-ups out of board order and declare players ineligible.
"""
