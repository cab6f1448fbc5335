"""Team competitions beyond pairing: rosters, line-ups, match scoring, board prizes.

* :mod:`crosstable.teams.roster` — a team's fixed roster in board order, captain and unit;
* :mod:`crosstable.teams.lineups` — a round's line-up: deadline, roster order, the registered
  line-up used when none was submitted;
* :mod:`crosstable.teams.match_scoring` — board results to a match result (empty boards,
  short teams), the re-scoring of every match of an ineligible player, and the ``TeamEvent``
  that standings and tie-breaks read;
* :mod:`crosstable.teams.board_prizes` — the individual ranking on each board and the entrants
  prize allocation reads for board prizes and team prizes;
* :mod:`crosstable.teams.seeding` — the teams' starting order (TPN) before round 1, by the
  average rating of their strongest players.

Pairing is :mod:`crosstable.pairing.team_swiss`; team tie-breaks are
:mod:`crosstable.tiebreaks.team`; the ranking of units by the sum of their members' places is
:func:`crosstable.prizes.rank_units_by_places`.
"""
